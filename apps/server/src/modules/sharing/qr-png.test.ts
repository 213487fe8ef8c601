import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrDataUrl, qrPng } from './qr-png.js';

/** The image's pixels as one gray byte each (any PNG). */
const gray = async (png: Buffer) => {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};

describe('QR PNG', () => {
  it('draws exactly the pixels of qrcode’s own PNG at 280 px with a margin of one module', async () => {
    for (const text of [
      'http://localhost:3000/s/AbCdEfGhIjKl',
      'https://huoke.example.cn/s/Zy-_0123456789abcdef',
      `https://a.example/s/${'x'.repeat(120)}`,
    ]) {
      const ours = await gray(qrPng(text));
      const theirs = await gray(await QRCode.toBuffer(text, { margin: 1, width: 280, errorCorrectionLevel: 'M' }));
      expect(ours.width).toBe(theirs.width);
      expect(ours.height).toBe(theirs.height);
      expect(ours.channels).toBe(1);
      expect(ours.data.equals(theirs.data)).toBe(true);
      // A QR code: both dark and light pixels.
      expect(ours.data.includes(0)).toBe(true);
      expect(ours.data.includes(255)).toBe(true);
    }
  });

  it('answers a PNG data URL', () => {
    const url = qrDataUrl('http://localhost:3000/s/AbCdEfGhIjKl');
    expect(url.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
  });
});
