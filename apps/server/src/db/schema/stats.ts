/** Tables of the stats area. */
export {};
