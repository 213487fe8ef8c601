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
import { multipartBroken as broken, tooManyParts } from '../lib/request-body.js';

interface FormFileLimits {
  /** Most text fields before the file. */
  fields: number;
  /** Most bytes of one field's value. */
  fieldBytes: number;
}

interface FormFile {
  /** The text fields sent before the file (the first value of a repeated name). */
  fields: Record<string, string>;
  /** The file's bytes; it errors with a 400 when the request ends before the file's closing delimiter. */
  file: Readable;
}

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
    const reader = new FormReader(req, limits, `\r\n--${boundary}`, resolve, reject);
    if (!boundary) return reader.fail(broken());
    req.on('data', (chunk: Buffer) => reader.data(chunk));
    req.on('end', () => reader.stop());
    req.on('error', () => reader.stop());
    // The client went away before the body ended.
    req.on('close', () => {
      if (!req.complete) reader.stop();
    });
  });
}

/** The states of one form's reading: before the file in `pending`, the file's bytes as they come. */
class FormReader {
  private state: State = 'preamble';
  /** The bytes not yet parsed; the body's first delimiter has no CRLF before it, so reading starts with one. */
  private pending: Buffer = Buffer.from('\r\n');
  private readonly fields: Record<string, string> = {};
  private fieldCount = 0;
  private fieldName = '';
  private settled = false;
  private file: Readable | undefined;
  /** Bytes at the end of the last chunk that may begin the delimiter (the file's state only). */
  private carry: Buffer | undefined;
  /** The delimiter before every part. */
  private readonly delimiter: Buffer;

  constructor(
    private readonly req: IncomingMessage,
    private readonly limits: FormFileLimits,
    delimiter: string,
    private readonly resolve: (f: FormFile | undefined) => void,
    private readonly reject: (e: HttpError) => void,
  ) {
    this.delimiter = Buffer.from(delimiter);
  }

  data(chunk: Buffer) {
    if (this.state === 'file') return this.fileData(chunk);
    if (this.state === 'rest') return;
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.parse();
  }

  /** The request ended, failed or went away: unless the file's end was read, the form is broken. */
  stop() {
    if (this.state !== 'rest') this.fail(broken());
  }

  fail(e: HttpError) {
    this.state = 'rest';
    this.pending = Buffer.alloc(0);
    if (!this.settled) {
      this.settled = true;
      this.reject(e);
    } else this.file?.destroy(e);
    this.req.resume();
  }

  /** The file's bytes end: the stream ends, and the rest of the request is read and dropped. */
  private endFile() {
    this.state = 'rest';
    this.carry = undefined;
    this.file?.push(null);
    this.req.resume();
  }

  private emit(b: Buffer) {
    if (b.length && this.file && !this.file.push(b)) this.req.pause();
  }

  /** One chunk of the file's bytes: everything up to the delimiter goes to the stream. */
  private fileData(chunk: Buffer) {
    const d = this.delimiter;
    let data = chunk;
    if (this.carry) {
      const held = this.carry;
      this.carry = undefined;
      if (chunk.length < d.length * 2) data = Buffer.concat([held, chunk]);
      else {
        // Does the delimiter begin in the bytes held back from the last chunk?
        const at = Buffer.concat([held, chunk.subarray(0, d.length - 1)]).indexOf(d);
        if (at !== -1 && at < held.length) {
          this.emit(held.subarray(0, at));
          return this.endFile();
        }
        this.emit(held);
      }
    }
    const at = data.indexOf(d);
    if (at !== -1) {
      this.emit(data.subarray(0, at));
      return this.endFile();
    }
    const keep = delimiterPrefixAtEnd(data, d);
    if (keep) this.carry = Buffer.from(data.subarray(data.length - keep));
    this.emit(keep ? data.subarray(0, data.length - keep) : data);
  }

  /** Parses what `pending` holds in the states before the file, as far as it goes. */
  private parse() {
    for (;;) {
      const go =
        this.state === 'preamble' || this.state === 'field'
          ? this.toDelimiter()
          : this.state === 'afterDelimiter'
            ? this.afterDelimiter()
            : this.state === 'headers' && this.headers();
      if (!go) return;
    }
  }

  /** The preamble or a field's value up to the next delimiter; false while it has not arrived. */
  private toDelimiter(): boolean {
    const field = this.state === 'field';
    const tooLong = () => new HttpError(413, 'Payload Too Large', '表单字段过长', this.fieldName);
    const at = this.pending.indexOf(this.delimiter);
    if (at === -1) {
      const limit = field ? this.limits.fieldBytes + this.delimiter.length : HEAD_MAX;
      if (this.pending.length > limit) this.fail(field ? tooLong() : broken());
      return false;
    }
    if (field) {
      if (at > this.limits.fieldBytes) {
        this.fail(tooLong());
        return false;
      }
      if (!(this.fieldName in this.fields)) this.fields[this.fieldName] = this.pending.toString('utf8', 0, at);
    }
    this.pending = this.pending.subarray(at + this.delimiter.length);
    this.state = 'afterDelimiter';
    return true;
  }

  /** `--` closes the form (it held no file), CRLF starts the next part's headers. */
  private afterDelimiter(): boolean {
    const p = this.pending;
    if (p.length < 2) return false;
    if (p[0] === 0x2d && p[1] === 0x2d) {
      this.state = 'rest';
      this.settled = true;
      this.resolve(undefined);
      return false;
    }
    if (p[0] !== 0x0d || p[1] !== 0x0a) {
      this.fail(broken());
      return false;
    }
    this.pending = p.subarray(2);
    this.state = 'headers';
    return true;
  }

  /** A part's headers: a field (its value follows) or the file (the form is answered). */
  private headers(): boolean {
    const end = this.pending.indexOf(CRLF2);
    if (end === -1) {
      if (this.pending.length > HEAD_MAX) this.fail(broken());
      return false;
    }
    const head = this.pending.toString('utf8', 0, end);
    const rest = this.pending.subarray(end + 4);
    this.pending = Buffer.alloc(0);
    const disposition = /^content-disposition:[ \t]*form-data(.*)$/im.exec(head);
    const name = disposition && /;\s*name=(?:"((?:[^"\\\r\n]|\\.)*)"|([^\s;"]+))/i.exec(disposition[1]);
    if (!name) {
      this.fail(broken());
      return false;
    }
    if (/;\s*filename\*?=/i.test(disposition[1])) {
      this.state = 'file';
      const file = new Readable({ highWaterMark: 1024 * 1024, read: () => this.req.resume() });
      // The request may fail before the caller reads the file: its reader gets the error then, not the process.
      file.on('error', () => {});
      this.file = file;
      this.settled = true;
      this.resolve({ fields: this.fields, file });
      if (rest.length) this.fileData(rest);
      return false;
    }
    if (++this.fieldCount > this.limits.fields) {
      this.fail(tooManyParts());
      return false;
    }
    this.fieldName = name[1] === undefined ? name[2] : name[1].replace(/\\(.)/g, '$1');
    this.pending = rest;
    this.state = 'field';
    return true;
  }
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
