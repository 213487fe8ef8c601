export const views = {
  files: () => import('./pages/FilesPage'),
};
