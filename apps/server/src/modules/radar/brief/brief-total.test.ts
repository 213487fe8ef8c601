import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp } from '../../../../test/app.js';
import { addRadarMessages, radarTab } from '../../../../test/radar-messages.js';
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

describe("the daily brief and the message centre's total", () => {
  it('a brief written for a user with over 1,000 messages shows in the 客情雷达 total at once', async () => {
    await addRadarMessages(t, 1_000);
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
