import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.js';
import { newKey, urlOf } from '../../storage/adapter.js';

const WIDTH = 750;
const FOOTER = 240;
const QR = 200;
const MAX_HEIGHT = 1600;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * Loads an image the composite may use: a data: URL, or a path of this server fetched in-process
 * (never an outside address, so the call cannot be used to reach other hosts).
 */
async function loadImage(app: FastifyInstance, ref: string, field: string, origin: string): Promise<Buffer> {
  const m = /^data:image\/(png|jpe?g|webp|svg\+xml);base64,([A-Za-z0-9+/=]+)$/.exec(ref);
  if (m) return Buffer.from(m[2], 'base64');
  let path = ref;
  if (path.startsWith(origin)) path = path.slice(origin.length);
  if (!path.startsWith('/') || path.startsWith('//')) throw badRequest(`${field}: 只能使用本站图片`, field);
  const res = await app.inject({ method: 'GET', url: path });
  if (res.statusCode !== 200) throw badRequest(`${field}: 图片无法读取`, field);
  return res.rawPayload;
}

/** Poster + name + company + QR → one stored JPEG (quality 100), the same on every phone. Answers its URL. */
export async function composePoster(
  app: FastifyInstance,
  companyId: number,
  origin: string,
  body: { posterUrl: string; name: string; companyName: string; qrCodeUrl: string },
): Promise<string> {
  const [posterBuf, qrBuf] = await Promise.all([
    loadImage(app, body.posterUrl, 'posterUrl', origin),
    loadImage(app, body.qrCodeUrl, 'qrCodeUrl', origin),
  ]);
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
  const key = newKey(companyId, 'jpg', 'poster');
  await app.storage.putBuffer(key, jpeg, 'image/jpeg');
  return urlOf(key);
}

const ART = [
  ['#ff7a45', '#f5222d'],
  ['#36cfc9', '#1677ff'],
  ['#95de64', '#389e0d'],
  ['#b37feb', '#531dab'],
];

/** Built-in poster art of the seeded posters (no uploads needed for the demo). */
export function posterArt(n: number): string | undefined {
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
