import type { RouteOptions } from 'fastify';
import { writes } from './auth.js';

/**
 * The error answers a route can give, derived from how it is declared (its config and schema), so the OpenAPI
 * document lists them for every route without each route naming them:
 * - 400: it validates a body, querystring, params or multipart fields;
 * - 401 and 410: it needs a session (none or an expired one: 401; one ended by a password change, a removal from
 *   the company or a logout elsewhere: 410);
 * - 403: a permission, administrator, operator or package-service gate applies, or it changes data (a cookie
 *   session's write from another site is refused);
 * - 404: it takes an id (a path parameter, or an `id`/`…Id`/`ids` field): unknown ids and other companies' answer 404;
 * - share pages (`/s/…`, HTML): 404 for an unknown code, 410 for an ended share.
 */
type ErrorStatus = 400 | 401 | 403 | 404 | 410;

const ERROR_TEXT: Record<number, string> = {
  400: '请求无效：参数未通过校验（field 指出字段）',
  401: '未登录或登录已过期',
  403: '无权限：缺少权限、非管理员、套餐未含此服务，或来自其他站点的写请求',
  404: '未找到（其他企业的数据同样答 404）',
  410: '会话已结束（密码已修改、已被移出企业或已在别处退出）',
  409: '与现有数据冲突',
  413: '内容过大',
  422: '无法处理',
  429: '请求过于频繁（Retry-After 指出等待秒数）',
  501: '未配置',
  503: '暂不可用（Retry-After 指出等待秒数）',
};
const SHARE_TEXT: Partial<Record<ErrorStatus, string>> = {
  400: '表单填写有误',
  404: '分享不存在（HTML 页）',
  410: '分享已结束（HTML 页）',
};

interface Declared {
  method: string;
  url: string;
  schema?: Record<string, unknown>;
  config?: RouteOptions['config'];
}

/** Field names that carry a row id (the cross-company audit checks each answers 404 for another company's). */
const ID_FIELD = /^ids?$|[a-z]Ids?$/;

/** The top-level field names of a zod object schema (body, querystring), or none. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

export function errorStatuses(route: Declared): ErrorStatus[] {
  const schema = route.schema ?? {};
  const cfg = (route.config ?? {}) as Record<string, unknown>;
  const out = new Set<ErrorStatus>();
  const pathParams = /[:*]/.test(route.url);
  if (route.url.startsWith('/s/')) {
    out.add(404).add(410);
    if (route.method === 'POST') out.add(400);
    return [...out].sort();
  }
  if (schema.body || schema.querystring || schema.params || schema.multipartFields || schema.headers) out.add(400);
  if (!cfg.public) {
    out.add(401).add(410);
    if (cfg.permission || cfg.admin || cfg.operator || cfg.codes || writes(route.method, route.url)) out.add(403);
  }
  const fields = [schema.body, schema.querystring, schema.multipartFields].flatMap(fieldsOf);
  if (pathParams || fields.some((f) => ID_FIELD.test(f))) out.add(404);
  return [...out].sort();
}

/** The problem+json schema (`problem` of the contracts, named `Problem` there). */
export const PROBLEM_REF = '#/components/schemas/Problem';

/** A documented error answer: problem+json for /api calls, a description alone for the HTML share pages. */
export function errorAnswer(url: string, status: number, description?: string) {
  const text = description ?? ERROR_TEXT[status] ?? 'Problem';
  if (url.startsWith('/s/')) return { description: SHARE_TEXT[status as ErrorStatus] ?? text, type: 'null' };
  return {
    description: text,
    content: { 'application/problem+json': { schema: { $ref: PROBLEM_REF } } },
  };
}
