import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { trackingFixtures } from '../../../test/tracking.js';
import { addDays, dayOf } from '../../lib/days.js';

/**
 * 今日待跟进 on the server's clock: with LEAD_TEST_CLOCK three days ahead (a demo's "next morning"), the visitor
 * list's due filter and the daily brief agree on which follow-ups are due, as the brief's 查看全部 link leads from one
 * to the other.
 */
const DUE = addDays(dayOf(), 3);
const CLOCK = `${DUE}T09:00:00+08:00`;

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1'], { LEAD_TEST_CLOCK: CLOCK });

const { ev, record, visitorId } = trackingFixtures(t, { code: 'due-clock-1', contentId: 7301, title: '到期测试' });

let id: number;

beforeAll(async () => {
  await record([ev('due-clock-a', Date.now() - 60_000)]);
  id = await visitorId('due-clock-a');
  const res = await t.call(staff, {
    method: 'POST',
    url: '/api/cus/leads/FollowUps',
    payload: { visitorId: id, text: '三天后回电', stage: 'working', nextContactOn: DUE },
  });
  expect(res.statusCode, res.body).toBe(200);
});

describe('follow-ups due today, on the server clock', () => {
  it('the visitor list’s 今日待跟进 and the brief both list a follow-up due on the clock’s day', async () => {
    const list = await t.call(staff, {
      method: 'POST',
      url: '/api/cus/UserBehavior/GetVisitorPageData',
      payload: { pageIndex: 1, pageSize: 20, due: true },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { data: { id: number }[] }).data.map((v) => v.id)).toEqual([id]);
    const brief = await t.call(staff, { method: 'GET', url: '/api/cus/leads/Brief' });
    expect(brief.statusCode, brief.body).toBe(200);
    expect((brief.json() as { leads: { id: number; due: boolean }[] }).leads).toContainEqual(
      expect.objectContaining({ id, due: true }),
    );
  });
});
