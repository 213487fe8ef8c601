/** Request and answer shapes of the newmedia area. */
export {};
