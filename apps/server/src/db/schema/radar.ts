/** Tables of the radar area. */
export {};
