import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A real PNG (RGB, w×h) in one colour; `noise` adds random pixels to make it bigger. */
export function makePng(w: number, h: number, rgb: [number, number, number] = [30, 120, 220], noise = false) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      if (noise) {
        raw[o] = Math.floor(Math.random() * 256);
        raw[o + 1] = Math.floor(Math.random() * 256);
        raw[o + 2] = Math.floor(Math.random() * 256);
      } else [raw[o], raw[o + 1], raw[o + 2]] = rgb;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: noise ? 0 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A playable MP4 recorded by the browser itself (MediaRecorder on a canvas), padded with a trailing `free` box to
 * `bytes` — players skip `free` boxes, so the file stays playable at any size. No ffmpeg needed.
 */
export async function makeMp4(page: Page, bytes: number): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const mime = ['video/mp4;codecs=vp9', 'video/mp4;codecs=avc1.42E01E', 'video/mp4'].find((t) =>
      MediaRecorder.isTypeSupported(t),
    );
    if (!mime) throw new Error('this browser cannot record MP4');
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 240;
    const ctx = c.getContext('2d') as CanvasRenderingContext2D;
    const rec = new MediaRecorder(c.captureStream(25), { mimeType: mime });
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => parts.push(e.data);
    let i = 0;
    const timer = setInterval(() => {
      i += 12;
      ctx.fillStyle = `hsl(${i},80%,50%)`;
      ctx.fillRect(0, 0, 320, 240);
    }, 40);
    rec.start();
    await new Promise((r) => setTimeout(r, 1500));
    const stopped = new Promise((r) => {
      rec.onstop = r;
    });
    rec.stop();
    await stopped;
    clearInterval(timer);
    const buf = new Uint8Array(await new Blob(parts).arrayBuffer());
    let s = '';
    for (let j = 0; j < buf.length; j += 0x8000) s += String.fromCharCode(...buf.subarray(j, j + 0x8000));
    return btoa(s);
  });
  const mp4 = Buffer.from(b64, 'base64');
  const pad = bytes - mp4.length;
  if (pad < 8) return mp4;
  const free = Buffer.alloc(pad);
  free.writeUInt32BE(pad, 0);
  free.write('free', 4, 'ascii');
  for (let j = 8; j < pad; j++) free[j] = (j * 31) & 0xff;
  return Buffer.concat([mp4, free]);
}

/** A stored (uncompressed) zip of the given entries. */
function makeZip(entries: [string, string][]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text, 'utf8');
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(data.length, 18);
    lh.writeUInt32LE(data.length, 22);
    lh.writeUInt16LE(nameBuf.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt32LE(crc, 16);
    ch.writeUInt32LE(data.length, 20);
    ch.writeUInt32LE(data.length, 24);
    ch.writeUInt16LE(nameBuf.length, 28);
    ch.writeUInt32LE(offset, 42);
    locals.push(lh, nameBuf, data);
    centrals.push(ch, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** A minimal Word document (recognised as docx by its [Content_Types].xml). */
export function makeDocx(text: string) {
  return makeZip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    ],
  ]);
}
