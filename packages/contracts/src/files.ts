/** Request and answer shapes of the files area. */
export {};
