import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { badRequest, HttpError, notFound, sendProblem, unavailable } from '../lib/errors.js';
import { invalidInputProblem, multipartProblem } from '../lib/request-body.js';
import { fieldProblem, type ZodIssueLike } from '../lib/zod-words.js';

/** Fastify's own request errors, answered with a clear title and a Chinese detail. */
const KNOWN: Record<string, (app: FastifyInstance) => { status: number; title: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({ status: 400, title: 'Bad Request', detail: '请求体不是有效的 JSON' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({ status: 400, title: 'Bad Request', detail: '请求体为空' }),
  FST_ERR_CTP_BODY_TOO_LARGE: (app) => ({
    status: 413,
    title: 'Payload Too Large',
    detail: `请求体过大（上限 ${app.config.BODY_LIMIT_KB} KB）`,
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ({
    status: 415,
    title: 'Unsupported Media Type',
    detail: '不支持的请求内容类型',
  }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({
    status: 400,
    title: 'Bad Request',
    detail: 'Content-Length 与请求体不符',
  }),
};

/** A UTF-16 surrogate without its pair: no UTF-8 form, so PostgreSQL refuses it (jsonb above all). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * NUL characters and lone surrogates become U+FFFD in every request string: PostgreSQL cannot store either (it
 * was a 500), and a NUL inside a payload such as `java\0script:` stays inert.
 */
function replaceNul(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') {
    const s = v.includes('\u0000') ? v.replaceAll('\u0000', '\uFFFD') : v;
    return s.replace(LONE_SURROGATE, '\uFFFD');
  }
  if (!v || typeof v !== 'object' || depth > 8 || Buffer.isBuffer(v)) return v;
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) o[k] = replaceNul(o[k], depth + 1);
  return v;
}

/**
 * A database statement that ran past DB_STATEMENT_TIMEOUT_MS: cancelled by PostgreSQL (query_canceled, 57014), or
 * given up by the client when no answer came at all (a silent connection). Drizzle wraps the driver's error (`cause`).
 */
function statementTimedOut(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e)
    if (e.code === '57014' || e.message === 'Query read timeout') return true;
  return false;
}

/** Every error answers RFC 9457 problem+json; bad input is 400 naming the field, never 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (req, _reply, done) => {
    replaceNul(req.params);
    replaceNul(req.query);
    req.body = replaceNul(req.body);
    done();
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.headers['accept-language'];
    const mapped =
      err instanceof HttpError
        ? err
        : ((String(req.headers['content-type'] ?? '').startsWith('multipart/') ? multipartProblem(err) : undefined) ??
          invalidInputProblem(err));
    if (mapped) {
      if (mapped !== (err as unknown)) req.log.warn({ err }, 'bad input answered %d', mapped.status);
      return sendProblem(reply, mapped, lang);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const path = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      const field =
        path || String((first?.params as { issue?: { path?: unknown[] } })?.issue?.path?.[0] ?? '') || undefined;
      // zod's own English (a check without the schema's words) in Chinese; the English reader keeps zod's. The
      // issue's limits are its `params`, its code the `keyword`.
      const issue = {
        ...(first?.params as ZodIssueLike),
        code: first?.keyword,
        message: first?.message ?? 'Invalid input',
      };
      return sendProblem(reply, fieldProblem(field, issue), lang);
    }
    const known = err.code ? KNOWN[err.code] : undefined;
    if (known) {
      const k = known(app);
      return sendProblem(reply, new HttpError(k.status, k.title, k.detail), lang);
    }
    // JSON.parse errors of content parsers (SyntaxError with a 400 status).
    if (err instanceof SyntaxError) return sendProblem(reply, badRequest('请求体不是有效的 JSON'), lang);
    if (statementTimedOut(err)) {
      req.log.warn({ err }, 'database statement timed out');
      return sendProblem(reply, unavailable('数据库响应超时，请稍后再试'), lang);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return sendProblem(reply, new HttpError(500, 'Internal Server Error', '服务器内部错误，请稍后再试'), lang);
    }
    return sendProblem(reply, new HttpError(status, err.name || 'Error', err.message), lang);
  });

  app.setNotFoundHandler((req, reply) => {
    sendProblem(reply, notFound(`${req.method} ${req.url.split('?')[0]} 不存在`), req.headers['accept-language']);
  });
});
