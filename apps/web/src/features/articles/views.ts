import { editedId } from './paths';

export const views = {
  articles: () => import('./pages/ArticlesPage'),
  articleEdit: () => import('./pages/ArticleEditPage'),
};

/** The editor's tab title: the menu names it 编辑文章, but without an `?id=` it writes a new article (新建文章). */
export const titles = {
  articleEdit: (query: URLSearchParams) =>
    editedId(query) ? 'articles:editor.editTitle' : 'articles:editor.createTitle',
};
