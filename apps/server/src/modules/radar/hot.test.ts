import { type LiveEvent, MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { trackingFixtures } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const { viewNow: ev, visitorId } = trackingFixtures(t, { code: 'hot-code-1', contentId: 8001, title: '年度案例集' });

async function hotOf(token: string, lang = 'zh-CN') {
  return (await radarOf(token, lang)).filter((m) => m.title.startsWith('🔥'));
}

async function radarOf(token: string, lang = 'zh-CN') {
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/maint/message/GetMessagePage',
    payload: { messageClassId: MESSAGE_CLASS.radar, pageIndex: 1, pageSize: 100 },
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; title: string }[];
}

describe('hot moments', () => {
  it('tells the sharer and those who see all visitors, live, once per visitor and rule in 6 h', async () => {
    const got: { user: number; ev: LiveEvent }[] = [];
    const subs = [t.ids.staff1, t.ids.admin].map((userId) =>
      t.app.live.subscribe({
        userId,
        companyId: t.ids.companyA,
        seesAll: userId === t.ids.admin,
        send: (e) => got.push({ user: userId, ev: e }),
        end: () => {},
      }),
    );
    const staffBefore = (await hotOf(staff)).length;
    await t.app.ports.radar.record(ev('hot-v1', { action: 'consult' }));
    const deadline = Date.now() + 2000;
    while (got.filter((g) => g.ev.type === 'hot').length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const hot = got.filter((g) => g.ev.type === 'hot');
    expect(hot.map((g) => g.user).sort()).toEqual([t.ids.staff1, t.ids.admin].sort());

    const staffHot = await hotOf(staff);
    expect(staffHot.length).toBe(staffBefore + 1);
    expect(staffHot[0].title).toBe(`🔥 匿名访客 #${await visitorId('hot-v1')}：在《年度案例集》提交了咨询`);
    // One consult, one notice: no plain 「匿名访客在文章《年度案例集》提交了咨询」 beside the 🔥 one.
    expect((await radarOf(staff)).filter((m) => m.title.includes('提交了咨询')).map((m) => m.title)).toEqual([
      `🔥 匿名访客 #${await visitorId('hot-v1')}：在《年度案例集》提交了咨询`,
    ]);
    expect((await hotOf(admin, 'en'))[0].title).toBe(
      `🔥 Anonymous visitor #${await visitorId('hot-v1')}: sent an inquiry from \u201c年度案例集\u201d`,
    );

    // The notice's details: words, visitor, and no phone (the beacon's visitor left none).
    const id = (hot.find((g) => g.user === t.ids.staff1)!.ev as { messageId: number }).messageId;
    const detail = await t.call(staff, { method: 'GET', url: `/api/cus/leads/Hot?id=${id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ rule: 'consult', reason: '在《年度案例集》提交了咨询', phone: '' });
    // Another user's or another company's message is not found.
    expect((await t.call(admin, { method: 'GET', url: `/api/cus/leads/Hot?id=${id}` })).statusCode).toBe(404);
    expect((await t.call(bAdmin, { method: 'GET', url: `/api/cus/leads/Hot?id=${id}` })).statusCode).toBe(404);

    // A second consult within 6 h raises nothing new; a 2-minute read is another rule.
    await t.app.ports.radar.record(ev('hot-v1', { action: 'consult' }));
    expect((await hotOf(staff)).length).toBe(staffBefore + 1);
    await t.app.ports.radar.record(ev('hot-v1', { action: 'read', durationMs: 150_000 }));
    const after = await hotOf(staff);
    expect(after.length).toBe(staffBefore + 2);
    expect(after[0].title).toBe(`🔥 匿名访客 #${await visitorId('hot-v1')}：阅读《年度案例集》超过 2 分钟`);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from lead_hot where rule = 'consult'`),
    );
    expect(n).toBe(1);
    for (const off of subs) off();
  });

  it('raises a third open in 24 h and a known lead coming back', async () => {
    const now = Date.now();
    const before = (await hotOf(staff)).length;
    await t.app.ports.radar.record(ev('hot-v2', { at: new Date(now - 3 * 3_600_000) }));
    // A reload a minute later: a fourth 打开了《…》 in the timeline, the same visit for the rule.
    await t.app.ports.radar.record(ev('hot-v2', { at: new Date(now - 3 * 3_600_000 + 60_000) }));
    await t.app.ports.radar.record(ev('hot-v2', { at: new Date(now - 2 * 3_600_000) }));
    expect((await hotOf(staff)).length).toBe(before);
    await t.app.ports.radar.record(ev('hot-v2', { at: new Date(now - 3_600_000) }));
    const third = await hotOf(staff);
    expect(third.length).toBe(before + 1);
    expect(third[0].title).toBe(`🔥 匿名访客 #${await visitorId('hot-v2')}：24 小时内分 3 次打开《年度案例集》`);
    // The lead leaves a phone number (consult), then comes back an hour later.
    await t.app.db.execute(
      sql`update visitors set phone = '13800000000', nickname = '王五' where visitor_key = 'hot-v2'`,
    );
    await t.app.ports.radar.record(ev('hot-v2', { at: new Date(now) }));
    const back = await hotOf(staff);
    expect(back[0].title).toBe('🔥 王五：已留电话，再次访问了《年度案例集》');
  });

  it('raises a guestbook message with its words, as one notice', async () => {
    const before = (await radarOf(staff)).length;
    await t.app.ports.radar.record(ev('hot-v4', { action: 'message', note: '请把报价单发我，本周要定' }));
    const id = await visitorId('hot-v4');
    const mine = (await radarOf(staff)).slice(0, (await radarOf(staff)).length - before);
    expect(mine.map((m) => m.title)).toEqual([
      `🔥 匿名访客 #${id}：在《年度案例集》留言：「请把报价单发我，本周要定」`,
    ]);
    expect((await hotOf(staff, 'en'))[0].title).toBe(
      `🔥 Anonymous visitor #${id}: left a message on \u201c年度案例集\u201d: \u201c请把报价单发我，本周要定\u201d`,
    );
  });
});
