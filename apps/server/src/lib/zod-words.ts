/**
 * Chinese words for zod's own refusals. A schema's own message (请输入标题 …) is the server's words already; a check
 * written without one (a length, a type, an option) answered in zod's English in the Chinese console ("title: Too
 * big: expected string to have <=100 characters"). Those are said here in Chinese from the issue's code and limits;
 * zod's English stays the English reader's words (HttpError's detailEn).
 */

import { HttpError } from './errors.js';

/** An issue as zod reports it (the fields read here). */
export interface ZodIssueLike {
  code?: string;
  message?: string;
  origin?: string;
  expected?: string;
  format?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  divisor?: number;
  values?: unknown[];
  keys?: string[];
}

const TYPE_WORDS: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: 'true 或 false',
  array: '数组',
  object: '对象',
  date: '日期',
};

const FORMAT_WORDS: Record<string, string> = { email: '邮箱', url: '网址', uuid: 'UUID', datetime: '时间' };

/** What a count of the origin's items is called: 个字符, 项 … */
const unitOf = (origin: string | undefined) =>
  origin === 'string' ? ' 个字符' : origin === 'array' || origin === 'set' ? ' 项' : origin === 'file' ? ' 字节' : '';

function tooBig(i: ZodIssueLike): string {
  const max = String(i.maximum);
  if (i.origin === 'number' || i.origin === 'bigint' || i.origin === 'date')
    return i.inclusive === false ? `须小于 ${max}` : `不能大于 ${max}`;
  return `最多 ${max}${unitOf(i.origin)}`;
}

function tooSmall(i: ZodIssueLike): string {
  const min = String(i.minimum);
  if (i.origin === 'number' || i.origin === 'bigint' || i.origin === 'date')
    return i.inclusive === false ? `须大于 ${min}` : `不能小于 ${min}`;
  if (Number(i.minimum) === 1 && i.inclusive !== false) return i.origin === 'string' ? '不能为空' : '至少需要一项';
  return `至少 ${min}${unitOf(i.origin)}`;
}

/** The Chinese of zod's own message for `issue`; undefined when the schema gave its own words (they contain Chinese). */
export function zodIssueInChinese(issue: ZodIssueLike): string | undefined {
  const message = issue.message ?? '';
  if (/[\u3400-\u9fff]/.test(message)) return undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (message.endsWith('received undefined')) return '必填';
      return `类型不正确，应为${TYPE_WORDS[issue.expected ?? ''] ?? issue.expected ?? '其他类型'}`;
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_value':
      return `须为以下之一：${(issue.values ?? []).map(String).join('、')}`;
    case 'invalid_format':
      return `${FORMAT_WORDS[issue.format ?? ''] ?? ''}格式不正确`;
    case 'not_multiple_of':
      return `须为 ${issue.divisor} 的倍数`;
    case 'unrecognized_keys':
      return `不认识的字段：${(issue.keys ?? []).join('、')}`;
    default:
      return '输入无效';
  }
}

/**
 * 400 for a schema's refusal of `field`, worded as every schema refusal is: the field, then the schema's words or
 * zod's in Chinese, with zod's English for the English reader. Route schemas' refusals (plugins/errors.ts) and
 * schemas checked by hand (issueProblem) both.
 */
export function fieldProblem(field: string | undefined, issue: ZodIssueLike): HttpError {
  const words = issue.message ?? 'Invalid input';
  const chinese = zodIssueInChinese(issue);
  const named = (w: string) => (field ? `${field}: ${w}` : w);
  return new HttpError(400, 'Bad Request', named(chinese ?? words), field, undefined, chinese && named(words));
}

/** 400 for the first issue of a schema checked by hand (multipart fields, a query merged with a body). */
export const issueProblem = (issue: ZodIssueLike & { path: readonly PropertyKey[] }): HttpError =>
  fieldProblem(String(issue.path[0] ?? '') || undefined, issue);
