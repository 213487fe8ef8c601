import { WORD_CHANGE_EXHAUSTED } from '@huoke/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { wordChangeQuotas } from '../../db/schema/index.js';
import { rewrite } from './rewrite.js';
import { synonymIndex } from './synonyms.js';

const recorded: { companyId: number; kind: string; quantity: number }[] = [];
const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

beforeAll(async () => {
  t.app.ports.billing.record = async (_db, entry) => {
    recorded.push(entry);
  };
});

const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });
const post = (token: string | null, url: string, payload?: unknown) =>
  t.call(token, {
    method: 'POST',
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('short-video overview', () => {
  it('QueryTrend answers one value per day and metric', async () => {
    const res = await get(staff, '/newmedia/OverView/QueryTrend?days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.categories).toHaveLength(7);
    expect(body.series.map((s: { key: string }) => s.key)).toEqual([
      'plays',
      'likes',
      'comments',
      'shares',
      'fans',
      'leads',
    ]);
    expect(body.series[0].name).toBe('播放量');
    expect(body.series[0].data.some((v: number) => v > 0)).toBe(true);
    expect((await get(staff, '/newmedia/OverView/QueryTrend?days=abc')).statusCode).toBe(400);
  });

  it('QueryOverViewQty counts the company accounts, videos and reservations', async () => {
    const a = (await get(admin, '/newmedia/OverView/QueryOverViewQty')).json();
    const b = (await get(bAdmin, '/newmedia/OverView/QueryOverViewQty')).json();
    expect(a.accounts).toBe(3);
    expect(b.accounts).toBe(1);
    expect(a.videos).toBeGreaterThan(b.videos);
    expect(a.reservations).toBeGreaterThan(0);
  });

  it('GetWDXGeneralTrend/{metric}/{days} answers one metric with the previous period total', async () => {
    const res = await post(admin, '/newmedia/OverView/GetWDXGeneralTrend/plays/15');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.title).toBe('播放量');
    expect(body.data).toHaveLength(15);
    expect(body.total).toBe(body.data.reduce((s: number, v: number) => s + v, 0));
    expect(body.previousTotal).toBeGreaterThan(0);
  });

  it('GetWDXGeneralTrend names the bad part', async () => {
    const m = await post(admin, '/newmedia/OverView/GetWDXGeneralTrend/nope/15');
    expect(m.statusCode).toBe(400);
    expect(m.json().field).toBe('a');
    const d = await post(admin, '/newmedia/OverView/GetWDXGeneralTrend/plays/365');
    expect(d.statusCode).toBe(400);
    expect(d.json().field).toBe('b');
  });
});

describe('keywords', () => {
  it('QuerySvideoSubjectRank pages 6 at a time by default, ranked by search volume', async () => {
    const res = await post(admin, '/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank', {
      pageIndex: 1,
      pageSize: 6,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(6);
    expect(body.totalCount).toBe(8);
    expect(body.data.map((k: { rank: number }) => k.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    const vols = body.data.map((k: { searchVolume: number }) => k.searchVolume);
    expect([...vols].sort((x, y) => y - x)).toEqual(vols);
    const p2 = (await post(admin, '/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank', { pageIndex: 2 })).json();
    expect(p2.data).toHaveLength(2);
    expect(p2.data[0].rank).toBe(7);
    expect((await post(admin, '/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank')).json().data).toHaveLength(6);
    expect(
      (await post(admin, '/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank', { pageIndex: 0 })).statusCode,
    ).toBe(400);
  });

  it('GetKeywordAll answers only the company keywords', async () => {
    const a = (await get(admin, '/newmedia/SvideoProductKeyword/GetKeywordAll')).json().data;
    const b = (await get(bAdmin, '/newmedia/SvideoProductKeyword/GetKeywordAll')).json().data;
    expect(a.map((k: { keyword: string }) => k.keyword)).toContain('电子名片');
    expect(b.map((k: { keyword: string }) => k.keyword)).not.toContain('电子名片');
  });

  it('admins add and delete keywords; staff cannot; another company id is 404', async () => {
    const add = await post(admin, '/newmedia/SvideoProductKeyword/Add', {
      keyword: '名片小程序',
      productName: '电子名片',
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().id;
    expect((await post(admin, '/newmedia/SvideoProductKeyword/Add', { keyword: '名片小程序' })).statusCode).toBe(409);
    const empty = await post(admin, '/newmedia/SvideoProductKeyword/Add', { keyword: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('keyword');
    expect((await post(staff, '/newmedia/SvideoProductKeyword/Add', { keyword: '员工词' })).statusCode).toBe(403);
    expect(
      (await t.call(bAdmin, { method: 'DELETE', url: `/api/newmedia/SvideoProductKeyword/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/newmedia/SvideoProductKeyword/${id}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/newmedia/SvideoProductKeyword/${id}` })).statusCode,
    ).toBe(404);
  });
});

describe('reservations and videos', () => {
  it('QueryReservationAccount pages the accounts with their reservation counts', async () => {
    const res = await get(admin, '/newmedia/ReservationMessage/QueryReservationAccount?pageIndex=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(3);
    expect(body.data).toHaveLength(2);
    expect(body.data[0].reservations).toBeGreaterThanOrEqual(body.data[1].reservations);
    const dy = (await get(admin, '/newmedia/ReservationMessage/QueryReservationAccount?platform=douyin')).json();
    expect(dy.data.map((a: { platformName: string }) => a.platformName)).toEqual(['抖音']);
    expect((await get(admin, '/newmedia/ReservationMessage/QueryReservationAccount?platform=x')).statusCode).toBe(400);
  });

  it('GetVideoDetails filters by isTop', async () => {
    const top = (await get(admin, '/newmedia/PlatForm/ShortVideo/GetVideoDetails?isTop=true')).json().data;
    expect(top.length).toBe(3);
    expect(top.every((v: { isTop: boolean }) => v.isTop)).toBe(true);
    const rest = (await get(admin, '/newmedia/PlatForm/ShortVideo/GetVideoDetails?isTop=false')).json().data;
    expect(rest.every((v: { isTop: boolean }) => !v.isTop)).toBe(true);
    const all = (await get(admin, '/newmedia/PlatForm/ShortVideo/GetVideoDetails')).json().data;
    expect(all.length).toBe(Math.min(20, top.length + rest.length));
    expect((await get(admin, '/newmedia/PlatForm/ShortVideo/GetVideoDetails?isTop=maybe')).statusCode).toBe(400);
  });
});

describe('word change', () => {
  const body = { txt: '我们的产品可以帮助企业快速提升客户转化率。', th: 3, filter: '', corewordfilter: 1, sim: 0 };

  it('rewrites with jieba and the CC-CEDICT dictionary, uses one unit of quota and records it', async () => {
    const before = (await get(admin, '/article/WjtNewsYxws/GetChangeWordRemainderCount')).json();
    expect(before).toEqual({ granted: 100, remainder: 100 });
    const res = await post(admin, '/article/WjtNewsYxws/ChangeWord', body);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.txt).not.toBe(body.txt);
    expect(out.changed).toBeGreaterThan(0);
    expect(out.similarity).toBeGreaterThan(0);
    expect(out.similarity).toBeLessThan(100);
    expect(out.remainder).toBe(99);
    expect((await get(admin, '/article/WjtNewsYxws/GetChangeWordRemainderCount')).json().remainder).toBe(99);
    expect(recorded.at(-1)).toMatchObject({ companyId: t.ids.companyA, kind: 'wordChange', quantity: 1 });
  });

  it('keeps filtered words and the company keywords', async () => {
    const res = await post(admin, '/article/WjtNewsYxws/ChangeWord', {
      ...body,
      txt: '电子名片帮助客户快速了解企业',
      filter: '客户，企业',
    });
    const out = res.json().txt as string;
    expect(out.startsWith('电子名片')).toBe(true);
    expect(out).toContain('客户');
    expect(out.endsWith('企业')).toBe(true);
  });

  it('never touches a core keyword of the company even when it is a dictionary word', async () => {
    // 企业 and 客户 are in the dictionary (changed above without a filter); as core keywords they stay.
    const add = await post(admin, '/newmedia/SvideoProductKeyword/Add', { keyword: '企业客户', productName: '' });
    expect(add.statusCode).toBe(200);
    const res = await post(admin, '/article/WjtNewsYxws/ChangeWord', { ...body, txt: '我们服务企业客户，提高效率' });
    const out = res.json();
    expect(out.txt).toContain('企业客户');
    expect(out.changed).toBeGreaterThan(0);
    await t.call(admin, { method: 'DELETE', url: `/api/newmedia/SvideoProductKeyword/${add.json().id}` });
  });

  it('never touches numbers, HTML tags, links or brand names', async () => {
    const txt =
      '<p class="lead">我们帮助企业快速提升客户销量30%，价格优惠3.5折。</p>' +
      '<a href="https://example.com/提升/客户">访问 www.example.com/产品 了解</a> iPhone 15 和 SaaS 方案，联系 sales@example.com';
    const res = await post(admin, '/article/WjtNewsYxws/ChangeWord', { ...body, txt });
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.changed).toBeGreaterThan(0);
    for (const fixed of [
      '<p class="lead">',
      '</p>',
      '<a href="https://example.com/提升/客户">',
      '</a>',
      'www.example.com/产品',
      '30%',
      '3.5',
      'iPhone',
      ' 15 ',
      'SaaS',
      'sales@example.com',
    ]) {
      expect(out.txt).toContain(fixed);
    }
  });

  it('names a missing text and does not charge for it', async () => {
    const res = await post(admin, '/article/WjtNewsYxws/ChangeWord', { ...body, txt: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('txt');
    const sim = await post(admin, '/article/WjtNewsYxws/ChangeWord', { ...body, sim: 7 });
    expect(sim.statusCode).toBe(400);
  });

  it('refuses with 403 and a clear message once the quota is used up', async () => {
    expect((await get(bAdmin, '/article/WjtNewsYxws/GetChangeWordRemainderCount')).json().remainder).toBe(2);
    const results = await Promise.all([1, 2, 3].map(() => post(bAdmin, '/article/WjtNewsYxws/ChangeWord', body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 403]);
    const denied = results.find((r) => r.statusCode === 403);
    expect(denied?.json().detail).toBe(WORD_CHANGE_EXHAUSTED);
    expect((await get(bAdmin, '/article/WjtNewsYxws/GetChangeWordRemainderCount')).json().remainder).toBe(0);
    // Company A's quota is untouched by B.
    expect((await get(admin, '/article/WjtNewsYxws/GetChangeWordRemainderCount')).json().remainder).toBeGreaterThan(90);
  });

  it('20 concurrent calls against a quota of 10 succeed exactly 10 times, each recorded once', async () => {
    await t.app.db
      .update(wordChangeQuotas)
      .set({ granted: sql`${wordChangeQuotas.used} + 10` })
      .where(eq(wordChangeQuotas.companyId, t.ids.companyB));
    const recordedBefore = recorded.filter((r) => r.companyId === t.ids.companyB).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(bAdmin, '/article/WjtNewsYxws/ChangeWord', body)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(10);
    expect(
      results
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().remainder)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(recorded.filter((r) => r.companyId === t.ids.companyB).length - recordedBefore).toBe(10);
    expect((await get(bAdmin, '/article/WjtNewsYxws/GetChangeWordRemainderCount')).json().remainder).toBe(0);
  });
});

describe('rewrite()', () => {
  it('replaces content words by part of speech and is deterministic', () => {
    const txt = '我们提供快速的服务，帮助客户提高效率。';
    const a = rewrite(txt, { th: 3, sim: 0, keep: [] });
    expect(a).toEqual(rewrite(txt, { th: 3, sim: 0, keep: [] }));
    expect(a.changed).toBeGreaterThan(0);
    // Function words, punctuation and the pronoun stay.
    expect(a.txt.startsWith('我们')).toBe(true);
    expect(a.txt).toContain('的');
    expect(a.txt.endsWith('。')).toBe(true);
  });

  it('honours th (one in three, two in three, all) and keeps kept words', () => {
    const txt = '改善环境，改善环境，改善环境';
    const all = rewrite(txt, { th: 3, sim: 1, keep: [] });
    expect(all.changed).toBe(6);
    expect(all.txt).not.toContain('改善');
    expect(rewrite(txt, { th: 1, sim: 1, keep: [] }).changed).toBe(2);
    expect(rewrite(txt, { th: 2, sim: 1, keep: [] }).changed).toBe(4);
    const kept = rewrite(txt, { th: 3, sim: 1, keep: ['环境'] });
    expect(kept.changed).toBe(3);
    expect(kept.txt.split('环境')).toHaveLength(4);
  });

  it('answers similarity 100 and no change when nothing can change', () => {
    expect(rewrite('2026年，iPhone 15。', { th: 3, sim: 0, keep: [] })).toEqual({
      txt: '2026年，iPhone 15。',
      changed: 0,
      similarity: 100,
    });
  });
});

describe('synonym dictionary', () => {
  it('has thousands of groups of one part of speech and never lists a single character or a 5-character word', () => {
    const dict = synonymIndex();
    expect(dict.groups).toBeGreaterThan(5000);
    expect(dict.words).toBeGreaterThan(10000);
    expect(dict.synonyms('提高', 'v').length).toBeGreaterThan(0);
    // A verb's synonyms are not asked for as a noun.
    expect(dict.synonyms('提高', 'n')).toEqual([]);
    for (const w of dict.synonyms('提高', 'v')) expect(w).toMatch(/^\p{Script=Han}{2,4}$/u);
  });
});
