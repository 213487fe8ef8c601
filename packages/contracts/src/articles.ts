/** Request and answer shapes of the articles area. */
export {};
