import { MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp, type TestApp } from '../../../../test/app.js';
import { dayOf } from '../../../lib/days.js';
import { sendBriefs } from './scheduler.js';

const today = dayOf();
/** 09:00 China time today. */
const CLOCK = `${today}T01:00:00Z`;
const HOUR = 3_600_000;

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1'], { LEAD_TEST_CLOCK: CLOCK });

/** The 客情雷达 tab of the message centre, first page, as the console asks for it. */
async function radarTab(app: TestApp, token: string) {
  const res = await app.call(token, {
    method: 'POST',
    url: '/api/maint/message/GetMessagePage',
    payload: { pageIndex: 1, pageSize: 10, messageClassId: MESSAGE_CLASS.radar },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { title: string }[]; totalCount: number };
}

/** Radar messages enough for the list's total to be kept (lib/count-cache.ts: 1,000 and more). */
async function fillRadar(n: number) {
  await t.app.db.execute(sql`
    insert into messages (company_id, user_id, class_id, title, description)
    select ${t.ids.companyA}, ${t.ids.staff1}, ${MESSAGE_CLASS.radar}, '访客打开了名片 ' || g, '访客打开了名片'
    from generate_series(1, ${n}) g`);
}

describe("the daily brief and the message centre's total", () => {
  it('a brief written for a user with over 1,000 messages shows in the 客情雷达 total at once', async () => {
    await fillRadar(1_000);
    const before = await radarTab(t, staff);
    expect(before.totalCount).toBeGreaterThanOrEqual(1_000);
    // Read again: the total is now the kept one.
    expect((await radarTab(t, staff)).totalCount).toBe(before.totalCount);
    expect(await sendBriefs(t.app)).toBeGreaterThan(0);
    const after = await radarTab(t, staff);
    expect(after.data[0]?.title).toBe('今日跟进简报');
    expect(after.totalCount).toBe(before.totalCount + 1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a brief written by one server copy shows in the total another copy answers (PostgreSQL)',
    async () => {
      const t2 = await createTestApp({ LEAD_TEST_CLOCK: CLOCK }, { sameDatabaseAs: t });
      try {
        const staff2 = await t2.login('staff1');
        const before = await radarTab(t2, staff2);
        expect((await radarTab(t2, staff2)).totalCount).toBe(before.totalCount);
        // The next morning's brief, sent by the first copy.
        expect(await sendBriefs(t.app, new Date(Date.parse(CLOCK) + 24 * HOUR))).toBeGreaterThan(0);
        let total = before.totalCount;
        for (let i = 0; i < 100 && total === before.totalCount; i++) {
          await new Promise((r) => setTimeout(r, 50));
          total = (await radarTab(t2, staff2)).totalCount;
        }
        expect(total).toBe(before.totalCount + 1);
      } finally {
        await t2.close();
      }
    },
  );
});
