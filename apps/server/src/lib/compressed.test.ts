import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedVariants, splicedVariants } from './compressed';

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

describe('a page with a tail of its own per answer (the console and its CSP nonce)', () => {
  const head = html.slice(0, html.indexOf('</body>'));
  const index = splicedVariants(head);
  const tails = [
    '<meta name="csp-nonce" content="abc+/=">\n</body></html>',
    `<meta content="${'x'.repeat(3000)}">`,
    '获',
  ];

  it('answers the head compressed once with each tail appended, in brotli, gzip or plain', () => {
    for (const tail of tails) {
      const br = index('gzip, deflate, br', tail);
      expect(br.encoding).toBe('br');
      expect(brotliDecompressSync(br.body).toString()).toBe(head + tail);
      const gz = index('gzip', tail);
      expect(gz.encoding).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(head + tail);
      expect(index('', tail)).toEqual({ body: Buffer.from(head + tail) });
    }
    expect(index('br', tails[0]).body.length).toBeLessThan(html.length / 10);
  });
});
