import sharp from 'sharp';
import { newKey, type Storage } from '../../storage/adapter.js';

/**
 * The picture of a demo company's business licence, as a certification's licence is stored: a PNG under the company's
 * keys, served at /api/fs/raw/<key> (the operator's 查看 opens it). Given `storage` (the start command and
 * `npm run seed`) its bytes are stored; without it (the tests' template) the address is the same shape and answers 404.
 */
export async function seedLicencePicture(companyId: number, storage?: Storage): Promise<string> {
  const key = newKey(companyId, 'png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420">
  <rect width="600" height="420" fill="#fdf6e3" stroke="#b58900" stroke-width="12"/>
  <text x="300" y="120" font-size="40" text-anchor="middle" fill="#b58900">LICENCE</text>
  <text x="300" y="220" font-size="24" text-anchor="middle" fill="#586e75">91350100M000100Y43</text>
  <text x="300" y="300" font-size="20" text-anchor="middle" fill="#93a1a1">DEMO</text>
</svg>`;
  const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
  await storage?.putBuffer(key, bytes, 'image/png');
  return `/api/fs/raw/${key}`;
}
