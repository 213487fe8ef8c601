/** The article list and the editor (`?id=` to edit one). */
export const LIST_PATH = '/private-guest/articles';
export const EDIT_PATH = '/private-guest/articles/edit';
