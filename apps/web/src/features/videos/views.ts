export const views = {
  videos: () => import('./pages/VideosPage'),
};
