/** Tables of the sharing area. */
export {};
