/** Checks of request bodies before any handler: JSON nesting, a digest for cache keys, multipart failures. */
import { hash } from 'node:crypto';
import { HttpError } from './errors.js';

/** Deepest JSON nesting a request may send (the deepest contract is a few levels). */
export const JSON_MAX_DEPTH = 64;
export const TOO_DEEP = '请求内容嵌套过深';

/**
 * True when the JSON text nests objects/arrays deeper than `max`. One pass over the characters, no recursion
 * (so no input can overflow the stack); brackets inside strings do not count.
 */
export function jsonTooDeep(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A digest of the raw body text (reply cache keys: never a walk of the parsed body). */
export const bodyDigest = (text: string) => hash('sha256', text, 'base64url');

const MULTIPART_BROKEN = '上传内容不完整或格式不正确，请重新选择文件上传';
/** A multipart body cut short or not well formed (any reader of one: busboy, storage/form-file.ts). */
export const multipartBroken = () => new HttpError(400, 'Bad Request', MULTIPART_BROKEN, 'file');
/** A multipart body with more parts or fields than allowed. */
export const tooManyParts = () => new HttpError(413, 'Payload Too Large', '上传的文件或字段过多', 'file');
/** Errors of the multipart parser (busboy / @fastify/multipart) that mean a malformed or over-limit request. */
const BROKEN_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of (multipart data|form|file)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed /,
  /^The needle /,
  /^Unsupported Content-Type/,
];

/** The problem a multipart failure answers (400/413/415), or undefined when `err` is not one. */
export function multipartProblem(err: unknown): HttpError | undefined {
  if (!(err instanceof Error) || err instanceof HttpError) return undefined;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'Payload Too Large', '上传的文件过大', 'file');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooManyParts();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'Unsupported Media Type', '请使用multipart/form-data上传文件', 'file');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return multipartBroken();
  }
  return BROKEN_MESSAGES.some((re) => re.test(err.message)) ? multipartBroken() : undefined;
}

/**
 * PostgreSQL "data exception" errors (SQLSTATE class 22: a number out of range, invalid text, an unsupported
 * Unicode escape …) are bad input that slipped past a schema: 400, not 500. Drivers and Drizzle may wrap them.
 */
export function invalidInputProblem(err: unknown): HttpError | undefined {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code))
      return new HttpError(400, 'Bad Request', '请求参数超出范围或格式不正确');
  }
  return undefined;
}
