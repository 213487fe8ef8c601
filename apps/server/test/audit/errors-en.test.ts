import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { detailInEnglish } from '../../src/lib/errors-en.js';
import { appForFile } from '../app.js';

/**
 * The English console reads every refusal in English: each Chinese detail the server's sources can answer with (the
 * first argument of badRequest, notFound … or an HttpError's detail, a constant or a template filled with a sample)
 * has an English form in lib/errors-en.ts. Read from the source files with the TypeScript parser.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const ROOTS = [resolve(HERE, '../../src'), resolve(HERE, '../../../../packages/contracts/src')];
const HELPERS = new Set([
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'gone',
  'tooMany',
  'unprocessable',
  'unavailable',
  'tooLarge',
  'notConfigured',
]);
/**
 * A call schema's checks that carry a message (`z.string().min(1, '请输入标题')`), and the `message` / `error` of a
 * check's options (`{ message: '图片地址无效' }`): the server answers a refused field with that message.
 */
const CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'superRefine',
  'email',
  'url',
  'int',
  'positive',
  'nonnegative',
  'nonempty',
  'startsWith',
  'endsWith',
  'includes',
  'gte',
  'lte',
  'gt',
  'lt',
  'multipleOf',
  'check',
]);
/** A template's placeholder filled as the server fills it (a figure unless named here). */
const SAMPLES: Record<string, string> = { noun: '视频', what: '微信', field: 'ids' };
const CJK = /[\u3400-\u9fff]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = ROOTS.flatMap(sourceFiles).map((f) =>
  ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true),
);

/** Top-level constants (strings, templates, arrow functions returning one) by name. */
const constants = new Map<string, ts.Expression>();
for (const file of files)
  for (const statement of file.statements)
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);

/** The text an expression stands for, its placeholders filled with samples; undefined when it cannot be told. */
function textOf(e: ts.Expression, depth = 0): string | undefined {
  if (depth > 4) return undefined;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isParenthesizedExpression(e)) return textOf(e.expression, depth + 1);
  if (ts.isTemplateExpression(e))
    return e.head.text + e.templateSpans.map((s) => (SAMPLES[s.expression.getText()] ?? '7') + s.literal.text).join('');
  if (ts.isIdentifier(e)) {
    const c = constants.get(e.text);
    return c ? textOf(c, depth + 1) : undefined;
  }
  if (ts.isArrowFunction(e) && !ts.isBlock(e.body)) return textOf(e.body, depth + 1);
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
    const c = constants.get(e.expression.text);
    return c && ts.isArrowFunction(c) ? textOf(c, depth + 1) : undefined;
  }
  return undefined;
}

/** Every detail the sources refuse with, and where. */
function refusals(): { detail: string; at: string }[] {
  const out: { detail: string; at: string }[] = [];
  for (const file of files) {
    const visit = (node: ts.Node) => {
      let arg: ts.Expression | undefined;
      let suffix = '';
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && HELPERS.has(node.expression.text)) {
        arg = node.arguments[0];
        if (node.expression.text === 'notConfigured') suffix = '未配置';
      } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'HttpError')
        // One that brings its own English (detailEn, the sixth argument) needs no entry.
        arg = node.arguments?.[5] ? undefined : node.arguments?.[2];
      const at = () =>
        `${file.fileName.split('/src/')[1]}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const detail = arg && textOf(arg);
      if (detail !== undefined && CJK.test(detail + suffix)) out.push({ detail: detail + suffix, at: at() });
      // A check's message: the server answers `field: message`.
      const messages: ts.Expression[] = [];
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        CHECKS.has(node.expression.name.text)
      )
        messages.push(...node.arguments);
      if (ts.isPropertyAssignment(node) && ['message', 'error'].includes(node.name.getText()))
        messages.push(node.initializer);
      for (const m of messages) {
        const text = ts.isStringLiteral(m) || ts.isNoSubstitutionTemplateLiteral(m) ? m.text : undefined;
        if (text !== undefined && CJK.test(text)) out.push({ detail: text, at: at() });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}

describe('every Chinese refusal of the server has its English', () => {
  const found = refusals();

  it('finds the refusals in the sources', () => {
    // The sources refuse in about a hundred ways: a parser that found a handful would pass anything.
    expect(found.length).toBeGreaterThan(100);
    expect(found.map((f) => f.detail)).toContain('账号或密码错误');
    // and the call schemas' field messages, from their checks and from a check's options
    expect(found.map((f) => f.detail)).toEqual(expect.arrayContaining(['请输入账号', '图片地址无效']));
  });

  it('has an English form for each', () => {
    const missing = found.filter((f) => detailInEnglish(f.detail) === undefined).map((f) => `${f.at} ${f.detail}`);
    expect(missing).toEqual([]);
  });

  it('fills figures and keeps the field named', () => {
    expect(detailInEnglish('登录失败次数过多，请3分钟后再试')).toBe('Too many failed logins; try again in 3 min');
    expect(detailInEnglish('ids: 重复的编号')).toBe('ids: repeated id');
    expect(detailInEnglish('title: 某个未知的说法')).toBeUndefined();
  });
});

const {
  t,
  tokens: [admin],
} = await appForFile(['admin']);

describe('the reader’s language decides the detail', () => {
  const login = (language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      headers: language ? { 'accept-language': language } : {},
      payload: { account: 'admin', password: 'not_the_password' },
    });

  it('a wrong password reads in English for the English console and in Chinese otherwise', async () => {
    const en = await login('en');
    expect(en.statusCode).toBe(401);
    expect(en.json().detail).toBe('Wrong account or password');
    expect((await login('zh-CN')).json().detail).toBe('账号或密码错误');
    expect((await login()).json().detail).toBe('账号或密码错误');
  });

  it('a refused field keeps its name and reads in English', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/caspush/v2/WjtDocument/Update',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en-US,en;q=0.9' },
      payload: { id: 2 ** 31, title: 't' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'id', detail: 'id: invalid id (a whole number from 1 to 2147483647)' });
  });

  it('a field the call schema refuses reads in English, after the field’s name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      headers: { 'accept-language': 'en' },
      payload: { account: '', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'account', detail: 'account: enter the account' });
  });

  it('an unknown call reads in English', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/call', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('GET /api/no/such/call not found');
  });
});
