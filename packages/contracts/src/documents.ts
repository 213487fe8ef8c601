/** Request and answer shapes of the documents area. */
export {};
