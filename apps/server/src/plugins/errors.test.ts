import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app.js';
import { zodIssueInChinese } from '../lib/zod-words.js';

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1']);

const update = (payload: object, lang?: string) =>
  t.call(staff, {
    method: 'POST',
    url: '/api/caspush/v2/WjtDocument/Update',
    payload,
    headers: lang ? { 'accept-language': lang } : {},
  });

describe('refusals of checks written without words of their own', () => {
  it('are said in Chinese to a Chinese reader and in English to an English one, naming the field', async () => {
    const long = await update({ id: 1, title: '长'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ detail: 'title: 最多 100 个字符', field: 'title' });
    const en = await update({ id: 1, title: '长'.repeat(101) }, 'en');
    expect(en.json()).toMatchObject({
      detail: 'title: Too big: expected string to have <=100 characters',
      field: 'title',
    });
    const wrongType = await update({ id: 1, title: 5 });
    expect(wrongType.json()).toMatchObject({ detail: 'title: 类型不正确，应为文本', field: 'title' });
    const missing = await update({ id: 1 });
    expect(missing.json()).toMatchObject({ detail: 'title: 必填', field: 'title' });
  });

  it('keep the schema own words, and their English from the catalogue', async () => {
    const empty = await update({ id: 1, title: '' });
    expect(empty.json()).toMatchObject({ detail: 'title: 请输入标题', field: 'title' });
    expect((await update({ id: 1, title: '' }, 'en')).json()).toMatchObject({ detail: 'title: enter a title' });
  });

  it('say each kind of limit in words', () => {
    const say = (issue: object) => zodIssueInChinese({ message: 'x', ...issue });
    expect(say({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true })).toBe('不能为空');
    expect(say({ code: 'too_small', origin: 'string', minimum: 6, inclusive: true })).toBe('至少 6 个字符');
    expect(say({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true })).toBe('至少需要一项');
    expect(say({ code: 'too_big', origin: 'array', maximum: 20, inclusive: true })).toBe('最多 20 项');
    expect(say({ code: 'too_big', origin: 'number', maximum: 90, inclusive: true })).toBe('不能大于 90');
    expect(say({ code: 'too_small', origin: 'number', minimum: 0, inclusive: false })).toBe('须大于 0');
    expect(say({ code: 'invalid_value', values: ['mine', 'company'] })).toBe('须为以下之一：mine、company');
    expect(say({ code: 'invalid_format', format: 'email' })).toBe('邮箱格式不正确');
    expect(say({ code: 'unrecognized_keys', keys: ['x', 'y'] })).toBe('不认识的字段：x、y');
    expect(zodIssueInChinese({ code: 'too_big', message: '标题最多 100 个字' })).toBeUndefined();
  });
});
