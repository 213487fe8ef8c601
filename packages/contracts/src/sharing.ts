/** Request and answer shapes of the sharing area. */
export {};
