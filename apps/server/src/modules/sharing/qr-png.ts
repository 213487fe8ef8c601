/**
 * A share link's QR code as a PNG: the code's modules from `qrcode`, drawn and encoded here as an 8-bit grayscale
 * image (one byte a pixel, every row unfiltered, one deflate). `qrcode`'s own PNG drew the same pixels in RGBA and
 * let its encoder try every row filter: 6.5–7.8 ms of the server's one thread per new share link, now about 2 ms
 * (bench/results/2026-12-03-qr-png.md). The pixels are the same as `qrcode`'s at the same width and margin
 * (qr-png.test.ts compares them).
 */
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/** The console's QR: 280 px square, a margin of one module, error correction M. */
const WIDTH = 280;
const MARGIN = 1;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The PNG of `text`'s QR code. */
export function qrPng(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const dark = qr.modules.data;
  // As qrcode's renderer places modules at this width: a fractional scale, the margin scaled with it.
  const scale = WIDTH / (size + MARGIN * 2);
  const side = Math.floor((size + MARGIN * 2) * scale);
  const edge = MARGIN * scale;
  const row = side + 1;
  const raw = Buffer.alloc(row * side, 0xff);
  // The module column of each pixel column (-1 in the margin), the same for every row.
  const column = new Int32Array(side);
  for (let x = 0; x < side; x++) column[x] = x >= edge && x < side - edge ? Math.floor((x - edge) / scale) : -1;
  for (let y = 0; y < side; y++) {
    const at = y * row;
    raw[at] = 0; // filter: none
    if (y < edge || y >= side - edge) continue;
    const line = Math.floor((y - edge) / scale) * size;
    for (let x = 0; x < side; x++) if (column[x] >= 0 && dark[line + column[x]]) raw[at + 1 + x] = 0;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // grayscale
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The QR code as a data URL (the console shows it and draws it on posters). */
export const qrDataUrl = (text: string) => `data:image/png;base64,${qrPng(text).toString('base64')}`;
