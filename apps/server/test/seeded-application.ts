import type { TestApp } from './app.js';

/**
 * The seed has staff1 applying to join 示例传媒 (B). While it waits, 演示科技's (A's) administrator may not reset
 * staff1's password (lib/people.ts: approved, the password A's administrator set would open B). Tests of a reset of
 * staff1 by A's administrator have B's administrator refuse it first, as B would.
 */
export async function refuseStaff1Application(t: TestApp): Promise<void> {
  const badmin = await t.login('badmin');
  const call = (method: 'GET' | 'POST', url: string) => t.call(badmin, { method, url: `/api${url}` });
  const pending = (await call('GET', '/cus/companymember/GetApplications?status=pending')).json().data as {
    id: number;
    userId: number;
  }[];
  const mine = pending.find((a) => a.userId === t.ids.staff1);
  if (!mine) throw new Error('no pending application of staff1 in the seed');
  const res = await call('POST', `/cus/companymember/RefuseApplication/${mine.id}`);
  if (res.statusCode !== 200) throw new Error(`refusing staff1's application: ${res.statusCode} ${res.body}`);
}
