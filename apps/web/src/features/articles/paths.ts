/** The article list and the editor (`?id=` to edit one). */
export const LIST_PATH = '/private-guest/articles';
/** The list on 我的文章, where an article not shared to the company is listed. */
export const MINE_PATH = `${LIST_PATH}?scope=mine`;
export const EDIT_PATH = '/private-guest/articles/edit';

/** The article the editor edits (its `?id=`); none: a new one. */
export const editedId = (query: URLSearchParams) => Number(query.get('id')) || undefined;
