/** Tables of the files area. */
export {};
