import { EVENT_KIND } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile, createTestApp } from '../../../../test/app.js';
import { trackingFixtures } from '../../../../test/tracking.js';
import { rowsOf } from '../../../db/client.js';
import { addDays, dayOf } from '../../../lib/days.js';
import { sendBriefs } from './scheduler.js';

const HOUR = 3_600_000;
const today = dayOf();
/** 09:00 China time today: the injected clock. */
const CLOCK = `${today}T01:00:00Z`;
const clockMs = Date.parse(CLOCK);

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin'], { LEAD_TEST_CLOCK: CLOCK });

const { share, ev, record, visitorId } = trackingFixtures(t, {
  code: 'brief-code-1',
  contentId: 7101,
  title: '简报测试白皮书',
});
/** Brief messages of a day per (company, user). */
async function briefMessages(day: string) {
  return rowsOf<{ company_id: number; user_id: number; n: number }>(
    await t.app.db.execute(
      sql`select company_id, user_id, count(*)::int as n from messages where params->>'brief' = ${day} group by company_id, user_id`,
    ),
  ).map((r) => ({ companyId: Number(r.company_id), userId: Number(r.user_id), n: Number(r.n) }));
}
const brief = (token: string, lang = 'zh-CN') =>
  t.call(token, { method: 'GET', url: '/api/cus/leads/Brief', headers: { 'accept-language': lang } });

let hotId: number;
let dueId: number;

describe('daily brief', () => {
  beforeAll(async () => {
    // A hot lead: three visits 40 min apart, a long read, a call, all in the last hours before the clock.
    const h = clockMs - 3 * HOUR;
    const MIN = 60_000;
    await record([ev('brief-hot', h), ev('brief-hot', h + MIN, { action: 'read', durationMs: 200_000 })]);
    await record([ev('brief-hot', h + 40 * MIN), ev('brief-hot', h + 80 * MIN)]);
    await record([ev('brief-hot', h + 100 * MIN, { action: 'call', kind: EVENT_KIND.phoneCall })]);
    // A quiet lead two days ago with a follow-up due today.
    await record([ev('brief-due', clockMs - 2 * 24 * HOUR)]);
    // Another company's hot visitor.
    await record([
      ev('brief-b', clockMs - 2 * HOUR, {
        share: share({ code: 'brief-b-1', companyId: t.ids.companyB, sharerId: t.ids.multi, title: '外司机密资料' }),
      }),
      ev('brief-b', clockMs - 2 * HOUR + 1000, {
        share: share({ code: 'brief-b-1', companyId: t.ids.companyB, sharerId: t.ids.multi, title: '外司机密资料' }),
        action: 'call',
        kind: EVENT_KIND.phoneCall,
      }),
    ]);
    hotId = await visitorId('brief-hot');
    dueId = await visitorId('brief-due');
    const res = await t.call(staff, {
      method: 'POST',
      url: '/api/cus/leads/FollowUps',
      payload: { visitorId: dueId, text: '约了今天回电', stage: 'working', nextContactOn: today },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lists the follow-up due today first, then the hottest lead with its reason and change since yesterday', async () => {
    const res = await brief(staff);
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.day).toBe(today);
    expect(b.leads[0]).toMatchObject({ id: dueId, due: true });
    const hot = b.leads.find((l: { id: number }) => l.id === hotId);
    expect(hot).toBeDefined();
    expect(hot.due).toBe(false);
    expect(hot.score).toBeGreaterThan(0);
    expect(hot.change).toBe(hot.score); // all its points came within the last 24 h
    expect(hot.fresh).toBe(true); // first seen 3 h ago: said as 新到访, not 较昨日
    expect(b.leads[0].fresh).toBe(false); // first seen two days ago
    expect(hot.reason).toMatch(/《简报测试白皮书》|拨打/);
    const en = (await brief(staff, 'en')).json();
    expect(en.leads.find((l: { id: number }) => l.id === hotId).reason).toMatch(
      /\u201c简报测试白皮书\u201d|Tapped Call/,
    );
  });

  it('leaves out a lead marked 无效 or 已成交, however hot', async () => {
    const mark = (stage: string) =>
      t.call(staff, {
        method: 'POST',
        url: '/api/cus/leads/FollowUps',
        payload: { visitorId: hotId, text: `标记${stage}`, stage },
      });
    const listed = async () => (await brief(staff)).json().leads.some((l: { id: number }) => l.id === hotId);
    expect(await listed()).toBe(true);
    expect((await mark('invalid')).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect((await mark('won')).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect((await mark('working')).statusCode).toBe(200);
    expect(await listed()).toBe(true);
  });

  it('leaves out a lead whose next contact is set for a later day, until it comes back', async () => {
    // Before the plan is written (now, by the real clock) and before the brief's clock, whichever comes first: from
    // 16:00 UTC China's today, and the clock at its 09:00, is still ahead of the real time.
    const h = Math.min(clockMs, Date.now()) - 2 * HOUR;
    await record([
      ev('brief-plan', h),
      ev('brief-plan', h + 60_000, { action: 'read', durationMs: 300_000 }),
      ev('brief-plan', h + 120_000, { action: 'call', kind: EVENT_KIND.phoneCall }),
    ]);
    const planId = await visitorId('brief-plan');
    const listed = async () => (await brief(staff)).json().leads.some((l: { id: number }) => l.id === planId);
    expect(await listed()).toBe(true);
    const plan = await t.call(staff, {
      method: 'POST',
      url: '/api/cus/leads/FollowUps',
      payload: { visitorId: planId, text: '下周三再联系', stage: 'working', nextContactOn: addDays(today, 3) },
    });
    expect(plan.statusCode).toBe(200);
    expect(await listed()).toBe(false);
    // Back on the content after the plan was made: worth a call today after all.
    await record([ev('brief-plan', Date.now() + 1_000)]);
    expect(await listed()).toBe(true);
    // Out of the way of the tests below (they count staff1's leads).
    await t.call(staff, {
      method: 'POST',
      url: '/api/cus/leads/FollowUps',
      payload: { visitorId: planId, text: '', stage: 'invalid', nextContactOn: null },
    });
    expect(await listed()).toBe(false);
  });

  it('gives each lead its score change since the same time yesterday (较昨日), not since its first visit', async () => {
    // Opened 26 h and 2 h before the clock: only the second visit falls in the change.
    // (Another colleague's lead, so staff1's brief below keeps its count; the administrator sees it.)
    const theirs = share({ code: 'brief-period-1', sharerId: t.ids.multi });
    await record([ev('brief-period', clockMs - 26 * HOUR, { share: theirs })]);
    await record([ev('brief-period', clockMs - 2 * HOUR, { share: theirs, action: 'read', durationMs: 200_000 })]);
    const id = await visitorId('brief-period');
    const lead = (await brief(admin)).json().leads.find((l: { id: number }) => l.id === id);
    expect(lead).toBeDefined();
    // The score at the same time yesterday, from the lead's scoring events (half-life 7 days; badge 40 points = 50).
    const dayAgo = clockMs - 24 * HOUR;
    const rows = rowsOf<{ points: number; ts: string }>(
      await t.app.db.execute(
        sql`select points, ts from lead_score_events where company_id = ${t.ids.companyA} and visitor_id = ${id}`,
      ),
    );
    const before = rows
      .filter((r) => Date.parse(r.ts) <= dayAgo)
      .reduce((v, r) => v + r.points * 2 ** (-(dayAgo - Date.parse(r.ts)) / (7 * 24 * HOUR)), 0);
    expect(before).toBeGreaterThan(0);
    const badgeBefore = Math.round(100 * (1 - 2 ** (-before / 40)));
    expect(lead.change).toBe(lead.score - badgeBefore);
    expect(lead.change).toBeGreaterThan(0);
    expect(lead.change).toBeLessThan(lead.score);
    expect(lead.fresh).toBe(false); // first seen 26 h ago: it had a score yesterday
  });

  it("never shows another company's leads or content", async () => {
    const a = JSON.stringify((await brief(admin)).json());
    expect(a).not.toContain('外司机密资料');
    const bid = await visitorId('brief-b');
    expect((await brief(admin)).json().leads.map((l: { id: number }) => l.id)).not.toContain(bid);
    const b = (await brief(bAdmin)).json();
    expect(b.leads.map((l: { id: number }) => l.id)).toContain(bid);
    expect(b.leads.map((l: { id: number }) => l.id)).not.toContain(hotId);
    expect(JSON.stringify(b)).not.toContain('简报测试白皮书');
  });

  it('a user who turned the brief off gets none; the others exactly one per day', async () => {
    const off = await t.call(admin, {
      method: 'PUT',
      url: '/api/usr/session/BriefSetting',
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await t.call(admin, { method: 'GET', url: '/api/usr/session/BriefSetting' })).json()).toEqual({
      enabled: false,
    });
    expect((await t.call(staff, { method: 'GET', url: '/api/usr/session/BriefSetting' })).json()).toEqual({
      enabled: true,
    });
    const bad = await t.call(admin, { method: 'PUT', url: '/api/usr/session/BriefSetting', payload: { enabled: 'x' } });
    expect(bad.statusCode).toBe(400);

    // Before 08:00 China time nothing is sent.
    expect(await sendBriefs(t.app, new Date(`${addDays(today, -1)}T23:00:00Z`))).toBe(0);
    expect(await briefMessages(today)).toEqual([]);

    const unread = async () =>
      (
        (await t.call(staff, { method: 'POST', url: '/api/maint/message/GetTypeList' })).json() as {
          value: number;
          count: number;
        }[]
      ).find((c) => c.value === 10300)?.count;
    // Read (and cached) before the brief: the badge the console reloads on the brief's live event must count it.
    const before = (await unread()) ?? 0;
    const sent = await sendBriefs(t.app);
    expect(sent).toBeGreaterThan(0);
    expect(await unread()).toBe(before + 1);
    expect(await sendBriefs(t.app)).toBe(0);
    const rows = await briefMessages(today);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows.length).toBe(sent);
    expect(rows.some((r) => r.userId === t.ids.admin && r.companyId === t.ids.companyA)).toBe(false);
    expect(rows).toContainEqual({ companyId: t.ids.companyA, userId: t.ids.staff1, n: 1 });
    // multi is a member of both companies: one brief in each.
    expect(
      rows
        .filter((r) => r.userId === t.ids.multi)
        .map((r) => r.companyId)
        .sort(),
    ).toEqual([t.ids.companyA, t.ids.companyB].sort());

    // The message centre shows it in the reader's language.
    const page = async (lang: string) =>
      (
        await t.call(staff, {
          method: 'POST',
          url: '/api/maint/message/GetMessagePage',
          headers: { 'accept-language': lang },
          payload: { pageIndex: 1, pageSize: 10, messageClassId: 10300 },
        })
      ).json().data as { title: string; description: string; routeLink: string }[];
    const zh = (await page('zh-CN')).find((m) => m.title === '今日跟进简报');
    // Whom to call, by name: the follow-up due first (匿名访客 #n until a visitor gives a name).
    expect(zh?.description).toContain(`今日建议跟进线索 2 条：匿名访客 #${dueId}、匿名访客 #${hotId}；`);
    expect(zh?.routeLink).toBe('/home');
    const en = (await page('en')).find((m) => m.title === "Today's follow-up brief");
    expect(en?.description).toContain(
      `2 leads to follow up today: Anonymous visitor #${dueId}, Anonymous visitor #${hotId}; `,
    );
    // The hot lead gives its name after the brief was written: the brief names it so from then on, as the radar
    // messages beside it do (it kept saying 匿名访客 #n all day).
    const named = await t.call(staff, {
      method: 'POST',
      url: '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
      payload: { id: hotId, nickname: '赵六' },
    });
    expect(named.statusCode, named.body).toBe(200);
    try {
      const later = (await page('zh-CN')).find((m) => m.title === '今日跟进简报');
      expect(later?.description).toContain(`今日建议跟进线索 2 条：匿名访客 #${dueId}、赵六；`);
      const laterEn = (await page('en')).find((m) => m.title === "Today's follow-up brief");
      expect(laterEn?.description).toContain(`2 leads to follow up today: Anonymous visitor #${dueId}, 赵六; `);
    } finally {
      await t.app.db.execute(sql`update visitors set nickname = '' where id = ${hotId}`);
    }
  });

  it('two server copies on one database running at the same moment send one brief per user', async () => {
    const t2 = await createTestApp({ LEAD_TEST_CLOCK: CLOCK }, { sameDatabaseAs: t });
    try {
      const next = addDays(today, 1);
      const at = new Date(clockMs + 24 * HOUR);
      const [a, b] = await Promise.all([sendBriefs(t.app, at), sendBriefs(t2.app, at)]);
      const rows = await briefMessages(next);
      expect(rows.length).toBeGreaterThan(1);
      expect(a + b).toBe(rows.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      expect(rows.some((r) => r.userId === t.ids.admin && r.companyId === t.ids.companyA)).toBe(false);
      const [again1, again2] = await Promise.all([sendBriefs(t.app, at), sendBriefs(t2.app, at)]);
      expect(again1 + again2).toBe(0);
    } finally {
      await t2.close();
    }
  });
});

describe('overdue follow-ups in the brief', () => {
  it('puts the oldest promise first and says by how many days it is overdue', async () => {
    const late = [
      { key: 'brief-late-6', days: 6 },
      { key: 'brief-late-2', days: 2 },
    ];
    for (const l of late) await record([ev(l.key, clockMs - 8 * 24 * HOUR)]);
    for (const l of late) {
      const res = await t.call(staff, {
        method: 'POST',
        url: '/api/cus/leads/FollowUps',
        payload: {
          visitorId: await visitorId(l.key),
          text: '答应回电',
          stage: 'working',
          nextContactOn: addDays(today, -l.days),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const b = (await brief(staff)).json() as { leads: { id: number; due: boolean; overdueDays: number }[] };
    expect(b.leads.slice(0, 2)).toMatchObject([
      { id: await visitorId('brief-late-6'), due: true, overdueDays: 6 },
      { id: await visitorId('brief-late-2'), due: true, overdueDays: 2 },
    ]);
    expect(b.leads.find((l) => l.id === dueId)).toMatchObject({ due: true, overdueDays: 0 });
    expect(b.leads.filter((l) => !l.due).every((l) => l.overdueDays === 0)).toBe(true);
  });

  it("names the lead's owner in a manager's brief, and not in the owner's own", async () => {
    const id = await visitorId('brief-late-6');
    const [staffName] = rowsOf<{ name: string }>(
      await t.app.db.execute(sql`select name from users where id = ${t.ids.staff1}`),
    );
    const mine = (await brief(staff)).json() as { leads: { id: number; owner: string | null }[] };
    expect(mine.leads.find((l) => l.id === id)?.owner).toBeNull();
    const team = (await brief(admin)).json() as { leads: { id: number; owner: string | null }[] };
    expect(team.leads.find((l) => l.id === id)?.owner).toBe(staffName.name);
  });

  it('says what was promised on each due lead, and how many more are due than it has room for', async () => {
    type Lead = { id: number; due: boolean; note: string | null };
    const first = (await brief(staff)).json() as { leads: Lead[]; moreDue: number };
    expect(first.leads.find((l) => l.id === dueId)?.note).toBe('约了今天回电');
    expect(first.leads.find((l) => l.id === hotId)?.note ?? null).toBeNull();
    expect(first.moreDue).toBe(0);
    // Four more follow-ups due today: seven in all, five listed.
    const keys = ['brief-more-1', 'brief-more-2', 'brief-more-3', 'brief-more-4'];
    for (const key of keys) {
      await record([ev(key, clockMs - 5 * 24 * HOUR)]);
      const res = await t.call(staff, {
        method: 'POST',
        url: '/api/cus/leads/FollowUps',
        payload: { visitorId: await visitorId(key), text: `${key} 要报价`, stage: 'working', nextContactOn: today },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const b = (await brief(staff)).json() as { leads: Lead[]; moreDue: number };
    expect(b.leads).toHaveLength(5);
    expect(b.leads.every((l) => l.due && l.note)).toBe(true);
    expect(b.moreDue).toBe(2);
  });
});

describe('the sharing streak', () => {
  /** Shares the reader's card (its one link, made or answered again). */
  const shareCard = async (token: string, id: number) => {
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareContent',
      payload: { kind: 'card', id },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('counts a day the card was shared again through its link of an earlier day', async () => {
    // staff1 shared the card yesterday; sharing it again today answers the same link (one link per card).
    const card = (
      await t.call(staff, { method: 'GET', url: '/api/caspush/SstArticleShare/GetArticleCardAsync' })
    ).json();
    await t.app.db.execute(
      sql`insert into shares (code, company_id, sharer_id, kind, content_id, created_at)
          values ('brief-streak-card', ${t.ids.companyA}, ${t.ids.staff1}, ${EVENT_KIND.card}, ${card.empId},
                  ${new Date(Date.parse(`${addDays(today, -1)}T04:00:00Z`)).toISOString()})`,
    );
    await t.app.db.execute(
      sql`insert into share_days (company_id, sharer_id, day)
          values (${t.ids.companyA}, ${t.ids.staff1}, ${addDays(today, -1)}) on conflict do nothing`,
    );
    const streak = async () => ((await brief(staff)).json() as { streak: number }).streak;
    expect(await streak()).toBe(1);

    const res = await shareCard(staff, card.empId);
    expect(res.json().link).toMatch(/\/s\/brief-streak-card$/);
    expect(await streak()).toBe(2);
  });

  it("is not lengthened by the card page's QR: a link shown, not shared", async () => {
    // multi has shared nothing in 演示科技 (the seeded links are the administrator's and staff1's).
    const multi = await t.login('multi');
    const streak = async () => ((await brief(multi)).json() as { streak: number }).streak;
    expect(await streak()).toBe(0);
    const card = (
      await t.call(multi, { method: 'GET', url: '/api/caspush/SstArticleShare/GetArticleCardAsync' })
    ).json();
    const qr = await t.call(multi, {
      method: 'POST',
      url: `/api/visitingcard/empcard/GetCardQR/${card.empId}`,
      payload: { isBase64: true },
    });
    expect(qr.statusCode, qr.body).toBe(200);
    expect(qr.json().link).toMatch(/\/s\/[\w-]+$/);
    expect(await streak()).toBe(0);
    // Shared, it is a day.
    await shareCard(multi, card.empId);
    expect(await streak()).toBe(1);
  });
});
