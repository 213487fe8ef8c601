/** Request and answer shapes of the radar area. */
export {};
