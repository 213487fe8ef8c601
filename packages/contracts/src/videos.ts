/** Request and answer shapes of the videos area. */
export {};
