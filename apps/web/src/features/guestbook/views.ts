export const views = {
  guestbook: () => import('./pages/GuestbookPage'),
};
