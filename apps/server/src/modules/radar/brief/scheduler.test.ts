import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../../test/app.js';
import { rowsOf } from '../../../db/client.js';
import { dayOf } from '../../../lib/days.js';

const today = dayOf();
const CLOCK = `${today}T02:30:00Z`; // 10:30 China time

const { t } = await appForFile([], { LEAD_TEST_CLOCK: CLOCK });

const perUser = async () =>
  rowsOf<{ company_id: number; user_id: number; n: number }>(
    await t.app.db.execute(
      sql`select company_id, user_id, count(*)::int as n from messages where params->>'brief' = ${today} group by company_id, user_id`,
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
});
