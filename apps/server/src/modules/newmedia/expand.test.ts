import { EXPAND_CAP, expandKeywords } from '@huoke/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { mediaKeywords } from '../../db/schema/index.js';

const {
  t,
  tokens: [admin, bAdmin],
} = await appForFile(['admin', 'badmin']);

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.call(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });

describe('expandKeywords()', () => {
  it('makes region? + core + modifier? combinations, de-duplicated', () => {
    expect(expandKeywords({ cores: ['名片', '名片', ' '], regions: ['北京', '上海'], modifiers: ['价格'] })).toEqual([
      '名片',
      '名片价格',
      '北京名片',
      '北京名片价格',
      '上海名片',
      '上海名片价格',
    ]);
    // "电子" + "名片" and the core "电子名片" make the same keyword once.
    expect(expandKeywords({ cores: ['名片', '电子名片'], regions: ['电子'] })).toEqual([
      '名片',
      '电子名片',
      '电子电子名片',
    ]);
  });
});

describe('keyword expansion', () => {
  it('answers the distinct count and caps the list at EXPAND_CAP', async () => {
    const cores = Array.from({ length: 20 }, (_, i) => `核心${i}`);
    const regions = Array.from({ length: 10 }, (_, i) => `地区${i}`);
    const modifiers = Array.from({ length: 10 }, (_, i) => `修饰${i}`);
    const res = await call(admin, 'POST', '/newmedia/ExpandWords/Generate', { cores, regions, modifiers });
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.total).toBe(20 * 11 * 11);
    expect(out.capped).toBe(true);
    expect(out.words).toHaveLength(EXPAND_CAP);
    expect(new Set(out.words.map((w: { keyword: string }) => w.keyword)).size).toBe(EXPAND_CAP);
  });

  it('shows no figures (null, never 0) until an import fills them', async () => {
    const add = await call(admin, 'POST', '/newmedia/SvideoProductKeyword/Add', {
      keyword: '拓词测试',
      productName: '',
    });
    expect(add.statusCode).toBe(200);
    const all = (await call(admin, 'GET', '/newmedia/SvideoProductKeyword/GetKeywordAll')).json().data;
    expect(all.find((k: { keyword: string }) => k.keyword === '拓词测试')).toMatchObject({
      searchVolume: null,
      videoCount: null,
      isDemo: false,
    });
    const gen = async () =>
      (await call(admin, 'POST', '/newmedia/ExpandWords/Generate', { cores: ['拓词'], modifiers: ['测试'] })).json();
    expect((await gen()).words).toEqual([
      { keyword: '拓词', searchVolume: null, videoCount: null },
      { keyword: '拓词测试', searchVolume: null, videoCount: null },
    ]);
    // What an import writes (the import itself is tested in imports.test.ts).
    await t.app.db
      .update(mediaKeywords)
      .set({ searchVolume: 320, videoCount: 0 })
      .where(and(eq(mediaKeywords.companyId, t.ids.companyA), eq(mediaKeywords.keyword, '拓词测试')));
    expect((await gen()).words[1]).toEqual({ keyword: '拓词测试', searchVolume: 320, videoCount: 0 });
    // Another company sees none of A's figures.
    const b = (await call(bAdmin, 'POST', '/newmedia/ExpandWords/Generate', { cores: ['拓词测试'] })).json();
    expect(b.words).toEqual([{ keyword: '拓词测试', searchVolume: null, videoCount: null }]);
  });

  it('names the field of bad input', async () => {
    const none = await call(admin, 'POST', '/newmedia/ExpandWords/Generate', { cores: [' '] });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('cores');
    const many = await call(admin, 'POST', '/newmedia/ExpandWords/Generate', {
      cores: ['a'],
      regions: Array.from({ length: 51 }, (_, i) => `r${i}`),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().field).toBe('regions');
  });

  it('saves a set, lists it, exports it as CSV and deletes it; another company gets 404', async () => {
    const saved = await call(admin, 'POST', '/newmedia/ExpandWords/Sets', {
      name: '北京名片',
      cores: ['名片', '=SUM(A1)'],
      regions: ['北京'],
      modifiers: ['价格'],
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().id;
    const list = (await call(admin, 'GET', '/newmedia/ExpandWords/Sets')).json().data;
    expect(list[0]).toMatchObject({ id, name: '北京名片', count: 8, cores: ['名片', '=SUM(A1)'], regions: ['北京'] });
    const csv = await call(admin, 'GET', `/newmedia/ExpandWords/Sets/${id}/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent('北京名片.csv'));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('关键词,搜索热度,相关作品');
    expect(lines).toHaveLength(9);
    expect(lines).toContain('北京名片价格,,');
    // A keyword that starts like a formula is written as text.
    expect(lines).toContain("'=SUM(A1)价格,,");
    expect(lines.some((l) => l.startsWith('=SUM'))).toBe(false);
    expect((await call(bAdmin, 'GET', `/newmedia/ExpandWords/Sets/${id}/export`)).statusCode).toBe(404);
    expect((await call(bAdmin, 'DELETE', `/newmedia/ExpandWords/Sets/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/newmedia/ExpandWords/Sets/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/newmedia/ExpandWords/Sets')).json().data).toEqual([]);
  });
});
