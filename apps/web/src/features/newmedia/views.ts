/** Views of the new-media tools, mapped by the shell from menu component names. */
export const views = {
  expandWords: () => import('./pages/ExpandWordsPage'),
};
