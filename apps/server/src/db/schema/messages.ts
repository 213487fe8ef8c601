/** Tables of the messages area. */
export {};
