import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoded = { encoding?: 'br' | 'gzip'; body: Buffer };

/**
 * A page sent many times as it is (the console's index.html, a cached share page): encoded once, and compressed with
 * brotli or gzip for browsers that accept it, each variant made on first use and kept.
 */
export function compressedVariants(text: string): (acceptEncoding: string) => Encoded {
  const plain = Buffer.from(text);
  const made = new Map<'br' | 'gzip', Buffer>();
  const variant = (encoding: 'br' | 'gzip'): Encoded => {
    let body = made.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(plain, { level: 9 });
      made.set(encoding, body);
    }
    return { encoding, body };
  };
  return (acceptEncoding) => {
    if (!acceptEncoding) return { body: plain };
    const accepted = new Set(
      acceptEncoding.split(',').flatMap((part) => {
        const [name, ...params] = part.trim().toLowerCase().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return q && !(Number(q.slice(2)) > 0) ? [] : [name];
      }),
    );
    if (accepted.has('br')) return variant('br');
    if (accepted.has('gzip')) return variant('gzip');
    return { body: plain };
  };
}
