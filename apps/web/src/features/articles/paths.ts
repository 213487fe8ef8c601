/** The article list and the editor (`?id=` to edit one). */
export const LIST_PATH = '/private-guest/articles';
export const EDIT_PATH = '/private-guest/articles/edit';

/** The article the editor edits (its `?id=`); none: a new one. */
export const editedId = (query: URLSearchParams) => Number(query.get('id')) || undefined;
