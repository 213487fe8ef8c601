import type { FastifyReply } from 'fastify';
import { detailInEnglish } from './errors-en.js';
import { langOf } from './lang.js';

/** An error that answers as RFC 9457 problem+json with its status. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly title: string,
    public readonly detail?: string,
    public readonly field?: string,
    /** Seconds a client should wait (429). */
    public readonly retryAfter?: number,
    /** The detail in English, sent instead to a client whose Accept-Language prefers English. */
    public readonly detailEn?: string,
    /** What a client may act on, in any language (the contracts' PROBLEM_CODE). */
    public readonly code?: string,
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string, field?: string) => new HttpError(400, 'Bad Request', detail, field);
export const unauthorized = (detail = '登录过期，请重新登录') => new HttpError(401, 'Unauthorized', detail);
/** 403; `code` (the contracts' PROBLEM_CODE) when the client has a way out to offer. */
export const forbidden = (detail = '您没有权限执行此操作', code?: string) =>
  new HttpError(403, 'Forbidden', detail, undefined, undefined, undefined, code);
export const notFound = (detail = '未找到', field?: string) => new HttpError(404, 'Not Found', detail, field);
export const conflict = (detail: string, field?: string) => new HttpError(409, 'Conflict', detail, field);
/** 410: the session has ended; `code` (the contracts' PROBLEM_CODE) when the client has a way out to offer. */
export const gone = (detail: string, code?: string) =>
  new HttpError(410, 'Gone', detail, undefined, undefined, undefined, code);
export const tooMany = (detail: string, retryAfterS = 60) =>
  new HttpError(429, 'Too Many Requests', detail, undefined, Math.max(1, Math.ceil(retryAfterS)));
export const unprocessable = (detail: string, field?: string) =>
  new HttpError(422, 'Unprocessable Entity', detail, field);
export const notConfigured = (what: string) => new HttpError(501, 'Not Implemented', `${what}未配置`);
export const unavailable = (detail: string, retryAfterS = 1) =>
  new HttpError(503, 'Service Unavailable', detail, undefined, Math.max(1, Math.ceil(retryAfterS)));

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/**
 * The one writer of problem answers (RFC 9457), for the error handler and for the few routes that answer before
 * or without throwing (the tracking beacon): status, title, detail in the reader's language, the field at fault,
 * the code a client acts on;
 * Retry-After on 429 and 503.
 */
export function sendProblem(reply: FastifyReply, err: HttpError, acceptLanguage?: string) {
  if (err.status === 429 || err.status === 503) reply.header('retry-after', String(err.retryAfter ?? 60));
  const detail =
    err.detail !== undefined && langOf(acceptLanguage) === 'en'
      ? (err.detailEn ?? detailInEnglish(err.detail) ?? err.detail)
      : err.detail;
  return reply
    .status(err.status)
    .type(PROBLEM_TYPE)
    .send({ status: err.status, title: err.title, detail, field: err.field, code: err.code });
}
