/** Request and answer shapes of the company area. */
export {};
