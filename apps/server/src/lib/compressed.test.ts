import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedVariants } from './compressed';

const html = `<!doctype html><html><head><style>${'.ant-btn{color:red}'.repeat(500)}</style></head><body>获客通</body></html>`;

describe('index.html variants', () => {
  const index = compressedVariants(html);

  it('sends brotli to a browser that accepts it, and the page comes back whole', () => {
    const { encoding, body } = index('gzip, deflate, br, zstd');
    expect(encoding).toBe('br');
    expect(brotliDecompressSync(body).toString()).toBe(html);
    expect(body.length).toBeLessThan(html.length / 10);
  });

  it('sends gzip when brotli is not accepted or refused with q=0', () => {
    for (const header of ['gzip, deflate', 'br;q=0, gzip;q=0.8']) {
      const { encoding, body } = index(header);
      expect(encoding).toBe('gzip');
      expect(gunzipSync(body).toString()).toBe(html);
    }
  });

  it('sends the page as it is to a client that accepts no compression', () => {
    for (const header of ['', 'identity', 'gzip;q=0']) expect(index(header)).toEqual({ body: Buffer.from(html) });
  });
});
