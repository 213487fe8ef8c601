/** Tables of the company area. */
export {};
