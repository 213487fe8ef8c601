/**
 * CRC-32 (IEEE 802.3, the polynomial of zlib and of the server's check), table-driven. The chunked upload sends the
 * CRC-32 of each part with it; the server refuses a part whose bytes differ, so only that part is sent again.
 */
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** The CRC-32 of `data`, continuing from `crc` (the CRC-32 of the bytes before it). */
export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** As the Crc32 form field: 8 lowercase hex digits. */
export const crc32Hex = (data: Uint8Array) => crc32(data).toString(16).padStart(8, '0');
