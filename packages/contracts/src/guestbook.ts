/** Request and answer shapes of the guestbook area. */
export {};
