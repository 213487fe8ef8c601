import { WORD_CHANGE_EXHAUSTED } from '@huoke/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { rewrite } from './rewrite.js';

let t: TestApp;
let admin: string;
let staff: string;
let bAdmin: string;
const recorded: { companyId: number; kind: string; quantity: number }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.ports.billing.record = async (_db, entry) => {
    recorded.push(entry);
  };
  [admin, staff, bAdmin] = await Promise.all([t.login('admin'), t.login('staff1'), t.login('badmin')]);
});
afterAll(() => t.close());

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

  it('rewrites with the local synonym table, uses one unit of quota and records it', async () => {
    const before = (await get(admin, '/article/WjtNewsYxws/GetChangeWordRemainderCount')).json();
    expect(before).toEqual({ granted: 100, remainder: 100 });
    const res = await post(admin, '/article/WjtNewsYxws/ChangeWord', body);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.txt).not.toBe(body.txt);
    expect(out.changed).toBeGreaterThan(0);
    expect(out.remainder).toBe(99);
    expect((await get(admin, '/article/WjtNewsYxws/GetChangeWordRemainderCount')).json().remainder).toBe(99);
    expect(recorded.at(-1)).toMatchObject({ companyId: t.ids.companyA, kind: 'word-change', quantity: 1 });
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
});

describe('rewrite()', () => {
  it('is deterministic and honours th and sim', () => {
    const txt = '提升效果，提升效果，提升效果';
    expect(rewrite(txt, { th: 3, sim: 0, keep: [] })).toEqual(rewrite(txt, { th: 3, sim: 0, keep: [] }));
    expect(rewrite(txt, { th: 3, sim: 1, keep: [] }).txt).toBe('提高成效，提高成效，提高成效');
    expect(rewrite(txt, { th: 1, sim: 1, keep: [] }).changed).toBe(2);
    expect(rewrite(txt, { th: 3, sim: 1, keep: ['效果'] }).txt).toBe('提高效果，提高效果，提高效果');
  });
});
