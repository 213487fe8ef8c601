/** Views of the win-the-customer tools, mapped by the shell from menu component names. */
export const views = {
  expandWords: () => import('./pages/ExpandWordsPage'),
  aiDetection: () => import('./pages/AiDetectionPage'),
  drainage: () => import('./pages/DrainagePage'),
};
