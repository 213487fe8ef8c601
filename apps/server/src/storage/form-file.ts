/**
 * A lean reader of one multipart/form-data request whose text fields come before its file, as a chunked upload's
 * part is sent: it answers the fields once the file's headers are read, and the file's bytes as a stream of views of
 * the request's own chunks (nothing is copied). The only search in the file's bytes is the native one for the
 * closing delimiter, so a 2 MB part costs a few µs of parsing, not a general parser's layers of streams
 * (bench/results/2026-12-03-upload.md). Parts after the file are read and dropped, like fields after it were.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { HttpError } from '../lib/errors.js';

export interface FormFileLimits {
  /** Most text fields before the file. */
  fields: number;
  /** Most bytes of one field's value. */
  fieldBytes: number;
}

export interface FormFile {
  /** The text fields sent before the file (the first value of a repeated name). */
  fields: Record<string, string>;
  /** The file's bytes; it errors with a 400 when the request ends before the file's closing delimiter. */
  file: Readable;
}

const BROKEN = '上传内容不完整或格式不正确，请重新选择文件上传';
const broken = () => new HttpError(400, 'Bad Request', BROKEN, 'file');
/** Bytes a part's headers (or the preamble) may take. */
const HEAD_MAX = 16 * 1024;
const CRLF2 = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data content type, or undefined. */
export function formBoundary(contentType: string | undefined): string | undefined {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

type State = 'preamble' | 'afterDelimiter' | 'headers' | 'field' | 'file' | 'rest';

/**
 * Reads `req` up to its first file part: answers its fields and the file, or undefined when the form holds no file.
 * Rejects with a 400 (malformed or cut short) or a 413 (too many or too long fields); the rest of the request is
 * then read and dropped.
 */
export function readFormFile(req: IncomingMessage, limits: FormFileLimits): Promise<FormFile | undefined> {
  return new Promise((resolve, reject) => {
    const boundary = formBoundary(req.headers['content-type']);
    // The delimiter before every part; the body's first one has no CRLF before it, so the reader starts with one.
    const delimiter = Buffer.from(`\r\n--${boundary}`);
    let state: State = 'preamble';
    let pending: Buffer = Buffer.from('\r\n');
    const fields: Record<string, string> = {};
    let fieldCount = 0;
    let fieldName = '';
    let settled = false;
    let file: Readable | undefined;
    /** Bytes at the end of the last chunk that may begin the delimiter (the file's state only). */
    let carry: Buffer | undefined;

    const fail = (e: HttpError) => {
      state = 'rest';
      pending = Buffer.alloc(0);
      if (!settled) {
        settled = true;
        reject(e);
      } else file?.destroy(e);
      req.resume();
    };
    if (!boundary) {
      fail(broken());
      return;
    }

    /** The file's bytes end: the stream ends, and the rest of the request is read and dropped. */
    const endFile = () => {
      state = 'rest';
      carry = undefined;
      file?.push(null);
      req.resume();
    };
    const emit = (b: Buffer) => {
      if (b.length && file && !file.push(b)) req.pause();
    };

    /** One chunk of the file's bytes: everything up to the delimiter goes to the stream. */
    const fileData = (chunk: Buffer) => {
      let data = chunk;
      if (carry) {
        const held = carry;
        carry = undefined;
        if (chunk.length < delimiter.length * 2) data = Buffer.concat([held, chunk]);
        else {
          // Does the delimiter begin in the bytes held back from the last chunk?
          const head = Buffer.concat([held, chunk.subarray(0, delimiter.length - 1)]);
          const at = head.indexOf(delimiter);
          if (at !== -1 && at < held.length) {
            emit(held.subarray(0, at));
            return endFile();
          }
          emit(held);
        }
      }
      const at = data.indexOf(delimiter);
      if (at !== -1) {
        emit(data.subarray(0, at));
        return endFile();
      }
      const keep = delimiterPrefixAtEnd(data, delimiter);
      if (keep) carry = Buffer.from(data.subarray(data.length - keep));
      emit(keep ? data.subarray(0, data.length - keep) : data);
    };

    /** Parses what `pending` holds in the states before the file. */
    const parse = () => {
      for (;;) {
        if (state === 'preamble' || state === 'field') {
          const at = pending.indexOf(delimiter);
          if (at === -1) {
            const limit = state === 'field' ? limits.fieldBytes + delimiter.length : HEAD_MAX;
            if (pending.length > limit) {
              return fail(
                state === 'field' ? new HttpError(413, 'Payload Too Large', '表单字段过长', fieldName) : broken(),
              );
            }
            return;
          }
          if (state === 'field') {
            if (at > limits.fieldBytes) return fail(new HttpError(413, 'Payload Too Large', '表单字段过长', fieldName));
            if (!(fieldName in fields)) fields[fieldName] = pending.toString('utf8', 0, at);
          }
          pending = pending.subarray(at + delimiter.length);
          state = 'afterDelimiter';
        } else if (state === 'afterDelimiter') {
          if (pending.length < 2) return;
          if (pending[0] === 0x2d && pending[1] === 0x2d) {
            // The closing delimiter: the form held no file.
            state = 'rest';
            settled = true;
            resolve(undefined);
            return;
          }
          if (pending[0] !== 0x0d || pending[1] !== 0x0a) return fail(broken());
          pending = pending.subarray(2);
          state = 'headers';
        } else if (state === 'headers') {
          const end = pending.indexOf(CRLF2);
          if (end === -1) {
            if (pending.length > HEAD_MAX) return fail(broken());
            return;
          }
          const head = pending.toString('utf8', 0, end);
          const rest = pending.subarray(end + 4);
          pending = Buffer.alloc(0);
          const disposition = /^content-disposition:[ \t]*form-data(.*)$/im.exec(head);
          const name = disposition && /;\s*name=(?:"((?:[^"\\\r\n]|\\.)*)"|([^\s;"]+))/i.exec(disposition[1]);
          if (!name) return fail(broken());
          if (/;\s*filename\*?=/i.test(disposition[1])) {
            state = 'file';
            file = new Readable({ highWaterMark: 1024 * 1024, read: () => req.resume() });
            // The request may fail before the caller reads the file: its reader gets the error then, not the process.
            file.on('error', () => {});
            settled = true;
            resolve({ fields, file });
            if (rest.length) fileData(rest);
            return;
          }
          if (++fieldCount > limits.fields)
            return fail(new HttpError(413, 'Payload Too Large', '上传的文件或字段过多', 'file'));
          fieldName = name[1] === undefined ? name[2] : name[1].replace(/\\(.)/g, '$1');
          pending = rest;
          state = 'field';
        } else return;
      }
    };

    req.on('data', (chunk: Buffer) => {
      if (state === 'file') return fileData(chunk);
      if (state === 'rest') return;
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      parse();
    });
    req.on('end', () => {
      if (state !== 'rest') fail(broken());
    });
    req.on('error', () => {
      if (state !== 'rest') fail(broken());
    });
    req.on('close', () => {
      // The client went away before the body ended.
      if (!req.complete && state !== 'rest') fail(broken());
    });
  });
}

/** How many bytes at the end of `data` are the beginning of `delimiter` (0 when none). */
function delimiterPrefixAtEnd(data: Buffer, delimiter: Buffer): number {
  const first = delimiter[0];
  const from = Math.max(0, data.length - delimiter.length + 1);
  for (let i = data.indexOf(first, from); i !== -1; i = data.indexOf(first, i + 1)) {
    let j = i;
    let k = 0;
    while (j < data.length && data[j] === delimiter[k]) {
      j++;
      k++;
    }
    if (j === data.length) return data.length - i;
  }
  return 0;
}
