/** Tables of the newmedia area. */
export {};
