import { createHash } from 'node:crypto';
import { RAW_FILE_BASE } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.js';
import { digestKey, keyOfUrl, readStored, urlOf } from '../../storage/adapter.js';

const WIDTH = 750;
const FOOTER = 240;
const QR = 200;
const MAX_HEIGHT = 1600;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The largest stored file read as a poster's image: uploads are far smaller; anything bigger (a video) is no image. */
const STORED_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The built-in art's path (public.ts serves it at /s/art/<name>). */
const ART_PATH = '/s/art/';

/**
 * Loads an image the composite may use: a data: URL, the built-in poster art, or a file stored for the caller's
 * company, read from storage. Never a request, not even in-process: app.inject comes from 127.0.0.1, so it passed
 * loopback-only routes (/metrics) and let the answer probe them.
 */
async function loadImage(app: FastifyInstance, companyId: number, ref: string, field: string, origin: string) {
  const m = /^data:image\/(png|jpe?g|webp|svg\+xml);base64,([A-Za-z0-9+/=]+)$/.exec(ref);
  if (m) return Buffer.from(m[2], 'base64');
  const path = ref.startsWith(origin) ? ref.slice(origin.length) : ref;
  const art = path.startsWith(ART_PATH) ? posterArtOf(path.slice(ART_PATH.length)) : undefined;
  if (art) return Buffer.from(art);
  const key = path.startsWith(RAW_FILE_BASE) ? keyOfUrl(path) : undefined;
  // Keys begin with their company (c<id>/…): another company's file is refused like any other address.
  if (!key?.startsWith(`c${companyId}/`)) throw badRequest(`${field}: 只能使用本企业已上传的图片`, field);
  return storedImage(app, key, field);
}

async function storedImage(app: FastifyInstance, key: string, field: string): Promise<Buffer> {
  const size = await app.storage.size(key);
  if (size === undefined) throw badRequest(`${field}: 图片不存在`, field);
  if (size > STORED_IMAGE_MAX_BYTES) throw badRequest(`${field}: 不是有效的图片`, field);
  const bytes = await readStored(app.storage, key);
  if (!bytes) throw badRequest(`${field}: 图片不存在`, field);
  return bytes;
}

/** What a composed poster is made of, as one digest: its layout's version, both images' bytes and both lines. */
function posterDigest(poster: Buffer, qr: Buffer, name: string, companyName: string): Buffer {
  const h = createHash('sha256').update('poster-v1');
  // Each part after its length: no two different sets of parts run together into the same bytes.
  for (const part of [poster, qr, Buffer.from(name), Buffer.from(companyName)])
    h.update(`${part.length}:`).update(part);
  return h.digest();
}

/**
 * Poster + name + company + QR → one stored JPEG (quality 100), the same on every phone. Answers its URL. The file is
 * named by a digest of its inputs and reused when it exists: each opening of 海报详情 stored a new one.
 */
export async function composePoster(
  app: FastifyInstance,
  companyId: number,
  origin: string,
  body: { posterUrl: string; name: string; companyName: string; qrCodeUrl: string },
): Promise<string> {
  const [posterBuf, qrBuf] = await Promise.all([
    loadImage(app, companyId, body.posterUrl, 'posterUrl', origin),
    loadImage(app, companyId, body.qrCodeUrl, 'qrCodeUrl', origin),
  ]);
  const key = digestKey(companyId, posterDigest(posterBuf, qrBuf, body.name, body.companyName), 'jpg', 'poster');
  if ((await app.storage.size(key)) !== undefined) return urlOf(key);
  let poster: Buffer;
  let qr: Buffer;
  try {
    poster = await sharp(posterBuf, { limitInputPixels: 40_000_000 })
      .resize({ width: WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: false })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    throw badRequest('posterUrl: 不是有效的图片', 'posterUrl');
  }
  try {
    qr = await sharp(qrBuf).resize(QR, QR, { kernel: 'nearest' }).flatten({ background: '#ffffff' }).png().toBuffer();
  } catch {
    throw badRequest('qrCodeUrl: 不是有效的图片', 'qrCodeUrl');
  }
  const meta = await sharp(poster).metadata();
  const ph = meta.height ?? WIDTH;
  const pw = meta.width ?? WIDTH;
  const footer = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${FOOTER}">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="40" y="95" font-size="38" font-family="Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif" fill="#222">${esc(body.name)}</text>
<text x="40" y="150" font-size="26" font-family="Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif" fill="#555">${esc(body.companyName)}</text>
<text x="40" y="200" font-size="22" font-family="Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif" fill="#999">长按识别二维码查看详情</text>
</svg>`,
  );
  const jpeg = await sharp({ create: { width: WIDTH, height: ph + FOOTER, channels: 3, background: '#ffffff' } })
    .composite([
      { input: poster, top: 0, left: Math.max(0, Math.floor((WIDTH - pw) / 2)) },
      { input: footer, top: ph, left: 0 },
      { input: qr, top: ph + (FOOTER - QR) / 2, left: WIDTH - QR - 30 },
    ])
    .jpeg({ quality: 100 })
    .toBuffer();
  await app.storage.putBuffer(key, jpeg, 'image/jpeg');
  return urlOf(key);
}

const ART = [
  ['#ff7a45', '#f5222d'],
  ['#36cfc9', '#1677ff'],
  ['#95de64', '#389e0d'],
  ['#b37feb', '#531dab'],
];

/** Built-in poster art of the seeded posters (no uploads needed for the demo), by its file name: `poster-<n>.svg`. */
export function posterArtOf(name: string): string | undefined {
  const m = /^poster-(\d)\.svg$/.exec(name);
  return m ? posterArt(Number(m[1])) : undefined;
}

function posterArt(n: number): string | undefined {
  const c = ART[n - 1];
  if (!c) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1000" viewBox="0 0 750 1000">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c[0]}"/><stop offset="1" stop-color="${c[1]}"/></linearGradient></defs>
<rect width="750" height="1000" fill="url(#g)"/>
<circle cx="600" cy="180" r="140" fill="#fff" fill-opacity=".18"/>
<circle cx="140" cy="760" r="220" fill="#fff" fill-opacity=".12"/>
<rect x="80" y="420" width="590" height="16" rx="8" fill="#fff" fill-opacity=".7"/>
<rect x="80" y="470" width="420" height="16" rx="8" fill="#fff" fill-opacity=".5"/>
<text x="80" y="360" font-size="88" font-weight="700" font-family="sans-serif" fill="#fff">HUOKE ${n}</text>
</svg>`;
}
