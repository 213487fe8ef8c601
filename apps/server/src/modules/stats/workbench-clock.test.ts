import { EVENT_KIND, type WorkbenchOverview } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { testShare, viewOf } from '../../../test/tracking.js';

/**
 * 今日 against 较昨日 at 09:00 China time (the server's clock pinned by LEAD_TEST_CLOCK, on days far from the seed's):
 * yesterday counts only up to 09:00, so a morning is not measured against the whole of yesterday.
 */
const TODAY = '2024-05-15';
const YESTERDAY = '2024-05-14';
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1'], { LEAD_TEST_CLOCK: `${TODAY}T09:00:00+08:00` });

beforeAll(async () => {
  const share = testShare({
    code: 'wb-clock-1',
    companyId: t.ids.companyA,
    sharerId: t.ids.staff1,
    kind: EVENT_KIND.article,
    contentId: null,
    title: 'wb',
  });
  const ev = (key: string, when: Date, action = 'view') =>
    t.app.ports.radar.record(viewOf(share, key, when, { action }));
  // Today before 09:00: two visitors, one consult, one lead (below), one share.
  await ev('wbc-t1', at(TODAY, '08:00'));
  await ev('wbc-t2', at(TODAY, '08:30'));
  await ev('wbc-t2', at(TODAY, '08:31'), 'consult');
  // Yesterday: the same before 09:00, and as much again later in the day.
  await ev('wbc-y1', at(YESTERDAY, '07:00'));
  await ev('wbc-y2', at(YESTERDAY, '08:50'));
  await ev('wbc-y2', at(YESTERDAY, '08:51'), 'consult');
  await ev('wbc-y3', at(YESTERDAY, '10:00'));
  await ev('wbc-y4', at(YESTERDAY, '15:00'));
  await ev('wbc-y4', at(YESTERDAY, '15:01'), 'consult');
  await t.app.ports.radar.drain();
  await t.app.db.execute(sql`update visitors set phone = '13700000009'
    where company_id = ${t.ids.companyA} and visitor_key in ('wbc-t2', 'wbc-y2', 'wbc-y4')`);
  // Times shared: one today before 09:00; yesterday one before and one after.
  for (const when of [at(TODAY, '08:10'), at(YESTERDAY, '08:00'), at(YESTERDAY, '12:00')])
    await t.app.db.execute(sql`insert into share_actions (company_id, sharer_id, at)
      values (${t.ids.companyA}, ${t.ids.staff1}, ${when.toISOString()}::timestamptz)`);
  t.app.companyVersions.bump(t.ids.companyA, 'events');
});

describe('workbench 今日 against yesterday up to the same time', () => {
  it('compares the morning so far with yesterday morning, not with the whole of yesterday', async () => {
    const res = await t.call(staff, { method: 'GET', url: '/api/crm/workbench/Overview' });
    expect(res.statusCode).toBe(200);
    const o = res.json() as WorkbenchOverview;
    expect(o.today).toBe(TODAY);
    const fig = (f: 'visitors' | 'consults' | 'leads' | 'shares') => o.me.today[f];
    for (const f of ['visitors', 'consults', 'leads', 'shares'] as const)
      expect({ f, ...fig(f) }).toEqual({
        f,
        value: f === 'visitors' ? 2 : 1,
        previous: f === 'visitors' ? 2 : 1,
        change: 0,
      });
  });
});
