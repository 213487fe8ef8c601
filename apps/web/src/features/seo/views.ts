/** Views of the SEO tools (rankings, drainage news, AI detection), mapped by the shell from menu component names. */
export const views = {
  aiDetection: () => import('./pages/AiDetectionPage'),
  drainage: () => import('./pages/DrainagePage'),
};
