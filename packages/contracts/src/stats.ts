/** Request and answer shapes of the stats area. */
export {};
