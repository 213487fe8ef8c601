/** Request and answer shapes of the messages area. */
export {};
