import { type LeadMerge, MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../../../test/app.js';
import { PHONE_UA as UA } from '../../../../test/tracking.js';
import { rowsOf } from '../../../db/client.js';
import type { ContentItem } from '../../../ports/index.js';

let code: string;

const article: ContentItem = {
  kind: 'article',
  id: 101,
  companyId: 0,
  title: '春季新品发布',
  summary: '',
  cover: null,
  html: '<p>x</p>',
  createdBy: 1,
  createTime: '2026-01-01 00:00:00',
  sharedToCompany: true,
};

const {
  t,
  tokens: [admin, bAdmin, staff],
} = await appForFile(['admin', 'badmin', 'staff1'], { REPLY_CACHE_MS: '0' });

beforeAll(async () => {
  const it = { ...article, companyId: t.ids.companyA };
  t.app.ports.content = {
    ...t.app.ports.content,
    get: async (_db, _c, kind, id) => (kind === 'article' && id === 101 ? it : undefined),
  };
  const res = await t.call(admin, {
    method: 'POST',
    url: '/api/caspush/SstArticleShare/ShareAsync',
    payload: { articleManagerId: 101 },
  });
  code = (res.json() as { code: string }).code;
});

/** One browser (its own visitor cookie) on the share page. */
async function visitor() {
  const page = await t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'user-agent': UA } });
  let cookie = String(page.headers['set-cookie']).split(';')[0];
  const key = () => cookie.split('=')[1];
  const beacon = async (action: string, durationMs?: number) => {
    await t.app.inject({
      method: 'POST',
      url: '/api/t',
      headers: { 'content-type': 'text/plain', 'user-agent': UA, cookie },
      payload: JSON.stringify({ code, action, ...(durationMs ? { durationMs } : {}) }),
    });
  };
  const id = async () => {
    const [r] = rowsOf<{ id: number }>(
      await t.app.db.execute(
        sql`select id from visitors where company_id = ${t.ids.companyA} and visitor_key = ${key()}`,
      ),
    );
    return r?.id ?? 0;
  };
  await beacon('view');
  await vi.waitFor(async () => expect(await id()).toBeGreaterThan(0));
  return {
    key,
    id,
    beacon,
    async consult(name: string, phone: string) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/s/${code}/consult`,
        headers: {
          'user-agent': UA,
          cookie,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ name, phone }).toString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const set = res.headers['set-cookie'];
      if (set) cookie = String(set).split(';')[0];
    },
  };
}

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call(token, { method, url, payload });
async function timeline(id: number) {
  const res = await call(admin, 'POST', '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', {
    weChatUserInfoId: id,
    pageSize: 100,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: number; message: string }[] }).data;
}
const detail = (id: number) => call(admin, 'GET', `/api/cus/WeChatUserInfo/Detail/${id}`);
/**
 * WeChat's authorisation stood in by `who` (code → openid and unionid): `wx(code)` opens the share as WeChat's
 * browser without cookies and answers the visitor key the page set; `beacon` sends one of its beacons; `idOf` the
 * stored lead of a key; `restore` puts the app's WeChat back.
 */
function wechatBrowsers(who: Record<string, { openId: string; unionId?: string }>) {
  const real = t.app.wechat;
  t.app.wechat = {
    configured: true,
    openIdFromCode: async (c: string) => who[c].openId,
    identityFromCode: async (c: string) => who[c],
  };
  const WX = `${UA} MicroMessenger/8.0.40`;
  return {
    restore: () => {
      t.app.wechat = real;
    },
    async wx(c: string) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/s/${code}?code=${c}&state=hkwx`,
        headers: { 'user-agent': WX },
      });
      expect(res.statusCode, res.body).toBe(302);
      return String(res.headers['set-cookie']).match(/hk_vid=([^;]+)/)?.[1] ?? '';
    },
    beacon: (key: string, action: string, durationMs?: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/t',
        headers: { 'content-type': 'text/plain', 'user-agent': WX, cookie: `hk_vid=${key}` },
        payload: JSON.stringify({ code, action, ...(durationMs ? { durationMs } : {}) }),
      }),
    idOf: async (key: string) =>
      rowsOf<{ id: number }>(
        await t.app.db.execute(
          sql`select id from visitors where company_id = ${t.ids.companyA} and visitor_key = ${key}`,
        ),
      )[0]?.id ?? 0,
  };
}

async function settle() {
  await new Promise((r) => setTimeout(r, 60));
  await t.app.ports.radar.drain();
}

describe('identity merge', () => {
  it('keeps two visitors who leave the same phone apart until staff merge them into the older lead', async () => {
    const x = await visitor();
    await x.consult('赵六', '13911112222');
    const y = await visitor();
    await y.beacon('read', 5000);
    await settle();
    const [xid, yid] = [await x.id(), await y.id()];
    expect(yid).toBeGreaterThan(xid);
    const xOwn = (await timeline(xid)).length;
    const before = xOwn + (await timeline(yid)).length;
    const yKey = y.key();
    await y.consult('赵六', '13911112222');
    await settle();
    // A typed phone proves nothing: y keeps its own key and its own lead.
    expect(y.key()).toBe(yKey);
    expect((await detail(yid)).statusCode).toBe(200);
    const byPhone = async () => {
      const list = await call(admin, 'POST', '/api/cus/UserBehavior/GetVisitorPageData', {
        pageIndex: 1,
        pageSize: 100,
        keyword: '13911112222',
      });
      return (list.json() as { data: { id: number }[] }).data.map((v) => v.id).sort((a, b) => a - b);
    };
    expect(await byPhone()).toEqual([xid, yid]);
    const merged = await call(admin, 'POST', '/api/cus/merge/Merge', { a: yid, b: xid });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await detail(yid)).statusCode).toBe(404);
    const lead = (await detail(xid)).json() as { phone: string; nickname: string };
    expect(lead).toMatchObject({ phone: '13911112222', nickname: '赵六' });
    const events = await timeline(xid);
    expect(events).toHaveLength(before + 1);
    expect(events.filter((e) => e.message.includes('提交了咨询'))).toHaveLength(2);
    const merges = (await call(admin, 'GET', `/api/cus/merge/List?visitorId=${xid}`)).json() as LeadMerge[];
    expect(merges).toMatchObject([
      { keptId: xid, mergedId: yid, reason: 'manual', mergedPhone: '13911112222', canUndo: true, returned: false },
    ]);
    expect(await byPhone()).toEqual([xid]);

    // The merged visitor comes back with its own cookie: what it does is the kept lead's, not a new lead's.
    const keptEvents = (await timeline(xid)).length;
    await y.beacon('view');
    await y.consult('赵先生', '13911112222');
    await settle();
    expect(y.key()).toBe(yKey);
    expect(await y.id()).toBe(0);
    expect(await byPhone()).toEqual([xid]);
    const back = await timeline(xid);
    expect(back).toHaveLength(keptEvents + 2);
    expect(back.filter((e) => e.message.includes('提交了咨询'))).toHaveLength(3);
    const after = (await call(admin, 'GET', `/api/cus/merge/List?visitorId=${xid}`)).json() as LeadMerge[];
    expect(after[0]).toMatchObject({ canUndo: true, returned: false });

    // Undone, the merged lead is back as it was at the merge; its visit since stays with the kept lead, and its next
    // visit is its own again.
    const undone = await call(admin, 'POST', `/api/cus/merge/Undo/${after[0].id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await y.id()).toBe(yid);
    expect(await timeline(xid)).toHaveLength(xOwn + 2);
    const yEvents = (await timeline(yid)).length;
    await y.beacon('view');
    await settle();
    expect(await timeline(yid)).toHaveLength(yEvents + 1);
    expect(await timeline(xid)).toHaveLength(xOwn + 2);
  });

  it('a merged visitor who comes back is the lead kept at the last merge, and each undo points it back', async () => {
    const w = await visitor();
    const x = await visitor();
    const y = await visitor();
    await settle();
    const [wid, xid, yid] = [await w.id(), await x.id(), await y.id()];
    const merge = async (a: number, b: number) => {
      const res = await call(admin, 'POST', '/api/cus/merge/Merge', { a, b });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as LeadMerge[])[0].id;
    };
    const views = async (id: number) => (await timeline(id)).filter((e) => e.message.includes('打开')).length;
    const wOwn = await views(wid);
    const first = await merge(xid, yid);
    await merge(wid, xid);
    const inW = await views(wid);
    // The first merge's kept lead was merged again: undo the later merge first (409, not a 404 for a lost lead).
    const refused = await call(admin, 'POST', `/api/cus/merge/Undo/${first}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toBe('保留的线索之后又被合并，请先撤销之后的合并');
    await y.beacon('view');
    await x.beacon('view');
    await settle();
    expect(await views(wid)).toBe(inW + 2);
    expect([await x.id(), await y.id()]).toEqual([0, 0]);

    // Undo the later merge: y's browser belongs to x again, and x's to itself.
    const [later] = (await call(admin, 'GET', `/api/cus/merge/List?visitorId=${wid}`)).json() as LeadMerge[];
    expect((await call(admin, 'POST', `/api/cus/merge/Undo/${later.id}`)).statusCode).toBe(200);
    const inX = await views(xid);
    await y.beacon('view');
    await settle();
    expect(await views(xid)).toBe(inX + 1);
    expect(await y.id()).toBe(0);
    expect(await views(wid)).toBe(wOwn + 2);
  });

  it('two browsers of one merged lead share its radar messages: the sharer is told once, not once a browser', async () => {
    const p = await visitor();
    const q = await visitor();
    await settle();
    const [pid, qid] = [await p.id(), await q.id()];
    expect((await call(admin, 'POST', '/api/cus/merge/Merge', { a: pid, b: qid })).statusCode).toBe(200);
    const taps = async () => {
      const res = await call(admin, 'POST', '/api/maint/message/GetMessagePage', {
        pageIndex: 1,
        pageSize: 50,
        messageClassId: MESSAGE_CLASS.radar,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { title: string; routeLink: string }[] }).data.filter(
        (m) => m.title.includes('点击了拨打电话') && m.routeLink.endsWith(`id=${pid}`),
      ).length;
    };
    // The kept lead's own browser taps 拨打电话, then the merged browser does within the half hour: one message.
    await p.beacon('call');
    await settle();
    expect(await taps()).toBe(1);
    await q.beacon('call');
    await settle();
    expect(await taps()).toBe(1);
    // Both in one batch, on another lead merged the same way: one message too.
    const r = await visitor();
    const s = await visitor();
    await settle();
    const [rid, sid] = [await r.id(), await s.id()];
    expect((await call(admin, 'POST', '/api/cus/merge/Merge', { a: rid, b: sid })).statusCode).toBe(200);
    await Promise.all([r.beacon('wechat'), s.beacon('wechat')]);
    await settle();
    const res = await call(admin, 'POST', '/api/maint/message/GetMessagePage', {
      pageIndex: 1,
      pageSize: 50,
      messageClassId: MESSAGE_CLASS.radar,
    });
    const copied = (res.json() as { data: { title: string; routeLink: string }[] }).data.filter(
      (m) => m.title.includes('复制了微信号') && m.routeLink.endsWith(`id=${rid}`),
    );
    expect(copied).toHaveLength(1);
  });

  it('merges two leads by hand and undoes it, restoring both exactly', async () => {
    const p = await visitor();
    const q = await visitor();
    await q.beacon('read', 12000);
    await q.consult('孙七', '13922223333');
    await settle();
    await p.beacon('read', 40_000);
    await settle();
    const [pid, qid] = [await p.id(), await q.id()];
    const note = (id: number, text: string, stage: string) =>
      call(admin, 'POST', '/api/cus/leads/FollowUps', { visitorId: id, text, stage, nextContactOn: null });
    expect((await note(pid, '第一次电话', 'working')).statusCode).toBe(200);
    expect((await note(qid, '发了报价', 'won')).statusCode).toBe(200);
    const stored = async (id: number) => {
      const s = (await call(admin, 'GET', `/api/cus/leads/Score?id=${id}`)).json() as {
        value: number;
        computedAt: string | null;
        reasons: { code: string; text: string }[];
      };
      // The reasons come from the lead's own scoring events: an undo must move them back too.
      return { value: s.value, computedAt: s.computedAt, reasons: s.reasons.map((r) => `${r.code} ${r.text}`) };
    };
    const notes = async (id: number) =>
      (await call(admin, 'GET', `/api/cus/leads/FollowUps?id=${id}`)).json() as {
        stage: string | null;
        data: { text: string }[];
      };
    const snapshot = async () => ({
      p: (await detail(pid)).json(),
      q: (await detail(qid)).json(),
      tp: await timeline(pid),
      tq: await timeline(qid),
      sp: await stored(pid),
      sq: await stored(qid),
      np: await notes(pid),
      nq: await notes(qid),
    });
    const before = await snapshot();
    expect(before.sp.value).toBeGreaterThan(0);
    expect(before.sq.value).toBeGreaterThan(0);
    const phoneReason = expect.stringMatching(/^phone /);
    expect(before.sq.reasons).toContainEqual(phoneReason);
    expect(before.sp.reasons).not.toContainEqual(phoneReason);
    const merged = await call(admin, 'POST', '/api/cus/merge/Merge', { a: qid, b: pid });
    expect(merged.statusCode, merged.body).toBe(200);
    const [m] = merged.json() as LeadMerge[];
    expect(m).toMatchObject({
      keptId: pid,
      mergedId: qid,
      reason: 'manual',
      canUndo: true,
      byName: expect.any(String),
    });
    expect((await detail(qid)).statusCode).toBe(404);
    expect((await detail(pid)).json()).toMatchObject({ phone: '13922223333', nickname: '孙七' });
    expect(await timeline(pid)).toHaveLength(before.tp.length + before.tq.length);
    // One lead: both notes, the kept lead's stage, and both scores added (decayed to the later time).
    const keptNotes = await notes(pid);
    expect(keptNotes.data.map((n) => n.text).sort()).toEqual(['第一次电话', '发了报价'].sort());
    expect(keptNotes.stage).toBe('working');
    const later = Math.max(Date.parse(before.sp.computedAt!), Date.parse(before.sq.computedAt!));
    const decayed = (s: { value: number; computedAt: string | null }) =>
      s.value * 2 ** (-(later - Date.parse(s.computedAt!)) / (7 * 86_400_000));
    const sum = await stored(pid);
    expect(sum.value).toBeCloseTo(decayed(before.sp) + decayed(before.sq), 6);
    expect(Date.parse(sum.computedAt!)).toBe(later);
    expect(sum.reasons).toContainEqual(phoneReason);

    const undone = await call(admin, 'POST', `/api/cus/merge/Undo/${m.id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as LeadMerge[])[0]).toMatchObject({ id: m.id, canUndo: false, undoneAt: expect.any(String) });
    expect(await snapshot()).toEqual(before);
    expect((await call(admin, 'POST', `/api/cus/merge/Undo/${m.id}`)).statusCode).toBe(409);
  });

  it('an undo keeps what the kept lead earned after the merge, and gives the merged lead its own score back', async () => {
    const p = await visitor();
    const q = await visitor();
    await q.beacon('read', 40_000);
    await settle();
    const [pid, qid] = [await p.id(), await q.id()];
    const score = async (id: number) =>
      (await call(admin, 'GET', `/api/cus/leads/Score?id=${id}`)).json() as {
        value: number;
        computedAt: string;
        reasons: { code: string }[];
      };
    const sq = await score(qid);
    const merged = await call(admin, 'POST', '/api/cus/merge/Merge', { a: pid, b: qid });
    expect(merged.statusCode, merged.body).toBe(200);
    // After the merge the kept lead's visitor calls: points earned by the kept lead alone.
    await p.beacon('call');
    await settle();
    const withCall = await score(pid);
    expect(withCall.reasons.map((r) => r.code)).toContain('call');
    const undone = await call(admin, 'POST', `/api/cus/merge/Undo/${(merged.json() as LeadMerge[])[0].id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await score(pid);
    const hl = 7 * 86_400_000;
    const mergedPart = sq.value * 2 ** (-(Date.parse(withCall.computedAt) - Date.parse(sq.computedAt)) / hl);
    expect(after.computedAt).toBe(withCall.computedAt);
    expect(after.value).toBeCloseTo(withCall.value - mergedPart, 6);
    // The call stays the kept lead's, in its score and in its reasons.
    expect(after.value).toBeGreaterThanOrEqual(20);
    expect(after.reasons.map((r) => r.code)).toContain('call');
    expect(await score(qid)).toEqual(sq);
  });

  it("another member's merge shows them no merged lead and cannot be undone by them; an undone merge is no return", async () => {
    const adminCode = code;
    const res = await t.call(staff, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareAsync',
      payload: { articleManagerId: 101 },
    });
    code = (res.json() as { code: string }).code;
    const mine = await visitor(); // brought by staff1's share: staff1 sees it
    code = adminCode;
    const other = await visitor(); // the administrator's only
    await other.consult('钱八', '13944445555');
    await settle();
    const [mid, oid] = [await mine.id(), await other.id()];
    expect((await call(staff, 'GET', `/api/cus/WeChatUserInfo/Detail/${oid}`)).statusCode).toBe(404);
    const merged = await call(admin, 'POST', '/api/cus/merge/Merge', { a: mid, b: oid });
    expect(merged.statusCode, merged.body).toBe(200);
    const [m] = merged.json() as LeadMerge[];
    expect(m).toMatchObject({ keptId: mid, mergedName: '钱八', mergedPhone: '13944445555', canUndo: true });
    const seen = (await call(staff, 'GET', `/api/cus/merge/List?visitorId=${mid}`)).json() as LeadMerge[];
    expect(seen[0]).toMatchObject({ id: m.id, mergedName: '', mergedPhone: '', canUndo: false });
    expect(JSON.stringify(seen)).not.toContain('13944445555');
    const refused = await call(staff, 'POST', `/api/cus/merge/Undo/${m.id}`);
    expect(refused.statusCode).toBe(404);
    const undone = await call(admin, 'POST', `/api/cus/merge/Undo/${m.id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as LeadMerge[])[0]).toMatchObject({ id: m.id, returned: false, canUndo: false });
  });

  it('merges two visitors WeChat names with one unionid, and the undo restores both', async () => {
    // o-1 and o-2: one person's openids in two of the company's WeChat apps; unionid known only later.
    const { wx, beacon, idOf, restore } = wechatBrowsers({
      a1: { openId: 'o-1' },
      b1: { openId: 'o-2' },
      a2: { openId: 'o-1', unionId: 'u-9' },
      b2: { openId: 'o-2', unionId: 'u-9' },
      c1: { openId: 'o-3', unionId: 'u-9' },
    });
    try {
      const x = await wx('a1');
      await beacon(x, 'view');
      await beacon(x, 'read', 40_000);
      // x is stored before y is seen (on PostgreSQL the ingest's lanes may store a later visitor first).
      await settle();
      const y = await wx('b1');
      expect(y).not.toBe(x);
      await beacon(y, 'view');
      await settle();
      const [xid, yid] = [await idOf(x), await idOf(y)];
      expect(yid).toBeGreaterThan(xid);
      const before = {
        x: (await detail(xid)).json(),
        y: (await detail(yid)).json(),
        tx: await timeline(xid),
        ty: await timeline(yid),
      };
      // The first app learns the unionid: nothing to merge yet.
      expect(await wx('a2')).toBe(x);
      expect((await detail(yid)).statusCode).toBe(200);
      // The second app names the same unionid: one lead, the older kept; that browser now carries its key.
      expect(await wx('b2')).toBe(x);
      expect((await detail(yid)).statusCode).toBe(404);
      expect(await timeline(xid)).toHaveLength(before.tx.length + before.ty.length);
      // A third app of the same person on a first visit is that lead at once.
      expect(await wx('c1')).toBe(x);
      const merges = (await call(admin, 'GET', `/api/cus/merge/List?visitorId=${xid}`)).json() as LeadMerge[];
      expect(merges).toMatchObject([{ keptId: xid, mergedId: yid, reason: 'unionid', canUndo: true }]);

      const undone = await call(admin, 'POST', `/api/cus/merge/Undo/${merges[0].id}`);
      expect(undone.statusCode, undone.body).toBe(200);
      expect((await detail(yid)).statusCode).toBe(200);
      expect(await timeline(xid)).toEqual(before.tx);
      expect(await timeline(yid)).toEqual(before.ty);
      expect((await detail(xid)).json()).toEqual({ ...before.x, unionid: 'u-9' });
    } finally {
      restore();
    }
  });

  it('a browser staff merged into another lead keeps its own cookie when WeChat names its unionid later', async () => {
    const { wx, beacon, idOf, restore } = wechatBrowsers({
      p1: { openId: 'o-5' },
      q1: { openId: 'o-6' },
      q2: { openId: 'o-6', unionId: 'u-7' },
      r1: { openId: 'o-7', unionId: 'u-7' },
    });
    try {
      const p = await wx('p1');
      await beacon(p, 'view');
      await settle();
      const q = await wx('q1');
      await beacon(q, 'view');
      await settle();
      const [pid, qid] = [await idOf(p), await idOf(q)];
      expect((await call(admin, 'POST', '/api/cus/merge/Merge', { a: pid, b: qid })).statusCode).toBe(200);
      // q's browser comes back through WeChat, which now names its unionid: a staff member's guess does not become
      // WeChat's word. The browser keeps its own key (p's would make it p's browser in every company), its visit is
      // p's lead's, and p gets no unionid.
      expect(await wx('q2')).toBe(q);
      const views = (await timeline(pid)).length;
      await beacon(q, 'view');
      await settle();
      expect(await timeline(pid)).toHaveLength(views + 1);
      expect((await detail(pid)).json()).toMatchObject({ unionid: null });
      // So another browser with that unionid is no lead of p's.
      const r = await wx('r1');
      expect(r).not.toBe(p);
      await beacon(r, 'view');
      await settle();
      expect(await idOf(r)).not.toBe(pid);
    } finally {
      restore();
    }
  });

  it('refuses a lead merged with itself and answers 404 for another company', async () => {
    const p = await visitor();
    const q = await visitor();
    const [pid, qid] = [await p.id(), await q.id()];
    const self = await call(admin, 'POST', '/api/cus/merge/Merge', { a: pid, b: pid });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ field: 'b' });
    expect((await call(bAdmin, 'POST', '/api/cus/merge/Merge', { a: pid, b: qid })).statusCode).toBe(404);
    expect((await call(bAdmin, 'GET', `/api/cus/merge/List?visitorId=${pid}`)).statusCode).toBe(404);
    const [m] = (await call(admin, 'POST', '/api/cus/merge/Merge', { a: pid, b: qid })).json() as LeadMerge[];
    expect((await call(bAdmin, 'POST', `/api/cus/merge/Undo/${m.id}`)).statusCode).toBe(404);
    expect((await detail(pid)).statusCode).toBe(200);
    expect((await detail(qid)).statusCode).toBe(404);
  });
});
