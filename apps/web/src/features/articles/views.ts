export const views = {
  articles: () => import('./pages/ArticlesPage'),
  articleEdit: () => import('./pages/ArticleEditPage'),
};
