import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { formBoundary, readFormFile } from './form-file.js';
import { multipart } from './testing.js';

const limits = { fields: 5, fieldBytes: 64 };

/** A request that delivers `body` in the given pieces. */
function request(body: Buffer, contentType: string, cuts: number[] = []): IncomingMessage {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const c of [...cuts, body.length]) {
    pieces.push(body.subarray(at, c));
    at = c;
  }
  return Object.assign(Readable.from(pieces.filter((p) => p.length)), {
    headers: { 'content-type': contentType },
  }) as unknown as IncomingMessage;
}

/** A part's form: its fields, then the file, then a field the reader must drop. */
function form(file: Buffer, fields: Record<string, string>, after = true) {
  return multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: file, filename: 'blob' },
    ...(after ? [{ name: 'Later', value: 'dropped' }] : []),
  ]);
}

/** File bytes full of the delimiter's beginnings: CRLF, CRLF--, and the boundary's prefix. */
function tricky(boundary: string): Buffer {
  return Buffer.concat([
    Buffer.from('\r\n--'),
    randomBytes(300),
    Buffer.from(`\r\n--${boundary.slice(0, -1)}`),
    Buffer.from('\r\n\r\n-'),
    randomBytes(5000),
    Buffer.from(`--${boundary}`),
    Buffer.from('\r\n-'),
  ]);
}

describe('readFormFile', () => {
  it('answers the fields before the file and exactly the file’s bytes, however the request is cut', async () => {
    const boundary = '----huokeFormTest7f3a';
    const fileBytes = tricky(boundary);
    const text = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(text('FileName', '宣传片.mp4') + text('PartNumber', '2')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n`),
      Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
      fileBytes,
      Buffer.from(`\r\n${text('Later', 'dropped')}--${boundary}--\r\n`),
    ]);
    const type = `multipart/form-data; boundary=${boundary}`;
    const cutsList: number[][] = [[], [1], [7, 8, 9]];
    for (let size = 1; size <= 97; size += 12) {
      const cuts: number[] = [];
      for (let c = size; c < payload.length; c += size) cuts.push(c);
      cutsList.push(cuts);
    }
    for (let r = 0; r < 20; r++)
      cutsList.push(Array.from({ length: 30 }, () => Math.floor(Math.random() * payload.length)).sort((a, b) => a - b));
    // Every single cut around the file's closing delimiter.
    const end = payload.indexOf(Buffer.from(`\r\n--${boundary}\r\n`), payload.indexOf('filename'));
    for (let c = end - 70; c < end + 80; c++) cutsList.push([c]);
    for (const cuts of cutsList) {
      const got = await readFormFile(request(payload, type, cuts), limits);
      expect(got?.fields).toEqual({ FileName: '宣传片.mp4', PartNumber: '2' });
      const read = await buffer(got?.file as Readable);
      expect(read.equals(fileBytes), `cuts ${cuts.slice(0, 5).join(',')}`).toBe(true);
    }
  });

  it('keeps the first of a repeated field and reads a quoted boundary', async () => {
    const m = multipart([
      { name: 'Chunks', value: '3' },
      { name: 'Chunks', value: '9' },
      { name: 'file', value: Buffer.from('abc'), filename: 'a.bin' },
    ]);
    const boundary = formBoundary(m.headers['content-type']);
    const got = await readFormFile(request(m.payload, `multipart/form-data; boundary="${boundary}"`), limits);
    expect(got?.fields).toEqual({ Chunks: '3' });
    expect((await buffer(got?.file as Readable)).toString()).toBe('abc');
  });

  it('answers undefined for a form without a file', async () => {
    const m = multipart([{ name: 'PartNumber', value: '1' }]);
    expect(await readFormFile(request(m.payload, m.headers['content-type']), limits)).toBeUndefined();
  });

  it('fails the file with a 400 when the request ends inside it', async () => {
    const m = form(randomBytes(4000), { PartNumber: '1' }, false);
    const cut = m.payload.subarray(0, m.payload.length - 30);
    const got = await readFormFile(request(cut, m.headers['content-type'], [100]), limits);
    await expect(buffer(got?.file as Readable)).rejects.toMatchObject({ status: 400, field: 'file' });
  });

  it('answers 400 without a boundary, for a part without a name, and for a body that is not a form', async () => {
    const m = form(Buffer.from('x'), {});
    await expect(readFormFile(request(m.payload, 'multipart/form-data'), limits)).rejects.toMatchObject({
      status: 400,
    });
    const boundary = formBoundary(m.headers['content-type']);
    const nameless = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`);
    await expect(readFormFile(request(nameless, m.headers['content-type']), limits)).rejects.toMatchObject({
      status: 400,
      field: 'file',
    });
    await expect(
      readFormFile(request(Buffer.from('{"a":1}'), m.headers['content-type']), limits),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('answers 413 for too many fields and for a field too long, naming it', async () => {
    const many = form(Buffer.from('x'), Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`F${i}`, 'v'])));
    await expect(readFormFile(request(many.payload, many.headers['content-type']), limits)).rejects.toMatchObject({
      status: 413,
    });
    const long = form(Buffer.from('x'), { FileName: 'n'.repeat(65) });
    await expect(
      readFormFile(request(long.payload, long.headers['content-type'], [20, 40, 60, 80, 100]), limits),
    ).rejects.toMatchObject({ status: 413, field: 'FileName' });
  });
});
