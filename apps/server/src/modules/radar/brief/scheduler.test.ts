import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp } from '../../../../test/app.js';
import { rowsOf } from '../../../db/client.js';
import { addDays, dayOf } from '../../../lib/days.js';
import { sendBriefs } from './scheduler.js';

const today = dayOf();
const CLOCK = `${today}T02:30:00Z`; // 10:30 China time

const { t } = await appForFile([], { LEAD_TEST_CLOCK: CLOCK });

const perUser = async (day = today) =>
  rowsOf<{ company_id: number; user_id: number; n: number }>(
    await t.app.db.execute(
      sql`select company_id, user_id, count(*)::int as n from messages where params->>'brief' = ${day} group by company_id, user_id`,
    ),
  );
const members = async () =>
  rowsOf<{ n: number }>(
    await t.app.db.execute(sql`select count(*)::int as n from memberships where status = 'active'`),
  )[0].n;

describe('daily brief scheduler', () => {
  it('sends nothing while the app only answers injected requests, and once per member when the server listens', async () => {
    expect(await perUser()).toEqual([]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const want = Number(await members());
    let rows = await perUser();
    for (let i = 0; i < 100 && rows.length < want; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await perUser();
    }
    expect(rows.length).toBe(want);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('sends no more once the server is closing: a run under way stops at the next member (the rest wait for a run)', async () => {
    // Another copy on the same database, its clock on the next morning: every member's brief is due.
    const tomorrow = addDays(today, 1);
    const at = new Date(`${tomorrow}T02:30:00Z`);
    const copy = await createTestApp({ LEAD_TEST_CLOCK: at.toISOString() }, { sameDatabaseAs: t });
    try {
      // The server starts closing once the first member's brief is sent.
      let asked = 0;
      expect(await sendBriefs(copy.app, at, () => asked++ > 0)).toBe(1);
      expect((await perUser(tomorrow)).length).toBe(1);
      // The next run sends the others, once each.
      expect(await sendBriefs(copy.app, at)).toBe(Number(await members()) - 1);
      const rows = await perUser(tomorrow);
      expect(rows.length).toBe(Number(await members()));
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    } finally {
      await copy.close();
    }
  });
});
