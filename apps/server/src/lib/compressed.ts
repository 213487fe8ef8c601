import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

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
    const accepted = acceptedEncodings(acceptEncoding);
    if (accepted.has('br')) return variant('br');
    if (accepted.has('gzip')) return variant('gzip');
    return { body: plain };
  };
}

/**
 * A page that is the same every time except for a short tail (the console's index.html and its per-answer CSP
 * nonce): the long head is compressed once, on first use of each encoding; each answer only appends its tail.
 * - brotli: the head's stream ends with a flush (byte-aligned, not last), then the tail goes in one uncompressed
 *   meta-block, then an empty last meta-block.
 * - gzip: the head's raw deflate blocks end with a sync flush (byte-aligned, not final), the tail's own deflate
 *   blocks follow in the same member, and the CRC-32 runs on from the head's.
 */
export function splicedVariants(head: string): (acceptEncoding: string, tail: string) => Encoded {
  const headBytes = Buffer.from(head);
  let br: Buffer | undefined;
  let gz: { deflated: Buffer; crc: number } | undefined;
  const brotli = (tail: Buffer): Buffer => {
    br ??= brotliCompressSync(headBytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
    });
    // Meta-block header, bits from the lowest: ISLAST 0, MNIBBLES 4 (code 0), MLEN-1 in 16 bits, ISUNCOMPRESSED 1.
    const bits = ((tail.length - 1) << 3) | (1 << 19);
    const meta = Buffer.from([bits & 255, (bits >> 8) & 255, (bits >> 16) & 255]);
    // ISLAST 1, ISLASTEMPTY 1.
    return Buffer.concat([br, meta, tail, Buffer.from([3])]);
  };
  const gzip = (tail: Buffer): Buffer => {
    gz ??= {
      deflated: deflateRawSync(headBytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
      crc: crc32(headBytes),
    };
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(tail, gz.crc), 0);
    trailer.writeUInt32LE((headBytes.length + tail.length) % 2 ** 32, 4);
    // Fixed member header: magic, deflate, no flags, no time, best compression, unknown OS.
    const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
    return Buffer.concat([header, gz.deflated, deflateRawSync(tail), trailer]);
  };
  return (acceptEncoding, tailText) => {
    const tail = Buffer.from(tailText);
    if (tail.length < 1 || tail.length > 65_536) throw new Error('splicedVariants: the tail must be 1 B to 64 KB');
    const accepted = acceptedEncodings(acceptEncoding);
    if (accepted.has('br')) return { encoding: 'br', body: brotli(tail) };
    if (accepted.has('gzip')) return { encoding: 'gzip', body: gzip(tail) };
    return { body: Buffer.concat([headBytes, tail]) };
  };
}

/** The encodings an Accept-Encoding header accepts (q=0 refuses one). */
function acceptedEncodings(acceptEncoding: string): Set<string> {
  return new Set(
    acceptEncoding.split(',').flatMap((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q && !(Number(q.slice(2)) > 0) ? [] : [name];
    }),
  );
}
