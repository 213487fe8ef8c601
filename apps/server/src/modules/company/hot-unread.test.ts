import { type LiveEvent, MESSAGE_CLASS } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { testShare, viewOf } from '../../../test/tracking.js';

const { t } = await appForFile([]);

/** A consult on a share of `sharerId` in `companyId`: a 🔥 hot moment for that sharer. */
const consult = (companyId: number, sharerId: number, visitorKey: string) =>
  viewOf(
    testShare({ code: `hu-${companyId}`, companyId, sharerId, contentId: 9100, title: '企业切换测试' }),
    visitorKey,
    new Date(),
    { action: 'consult' },
  );

type Item = { id: number; hotUnread: number };
async function companies(token: string): Promise<Map<number, number>> {
  const res = await t.call(token, { method: 'GET', url: '/api/usr/users/GetCompanys' });
  expect(res.statusCode).toBe(200);
  return new Map((res.json().data as Item[]).map((c) => [c.id, c.hotUnread]));
}

describe('unread hot count per company (company switcher)', () => {
  it("counts each company's unread hot messages of the caller only, and forgets read ones", async () => {
    const [multi, staff, bAdmin] = await Promise.all([t.login('multi'), t.login('staff1'), t.login('badmin')]);
    const { companyA, companyB } = t.ids;
    const before = { multi: await companies(multi), staff: await companies(staff), bAdmin: await companies(bAdmin) };
    // Hot moments arrive live (the ingest's notices): wait for multi's three.
    const got: LiveEvent[] = [];
    const subs = [companyA, companyB].map((companyId) =>
      t.app.live.subscribe({ userId: t.ids.multi, companyId, seesAll: false, send: (e) => got.push(e), end: () => {} }),
    );
    await Promise.all([
      t.app.ports.radar.record(consult(companyA, t.ids.multi, 'hu-a1')),
      t.app.ports.radar.record(consult(companyB, t.ids.multi, 'hu-b1')),
      t.app.ports.radar.record(consult(companyB, t.ids.multi, 'hu-b2')),
    ]);
    const deadline = Date.now() + 3000;
    while (got.filter((e) => e.type === 'hot').length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    for (const s of subs) s();

    const now = await companies(multi);
    expect(now.get(companyA)).toBe((before.multi.get(companyA) ?? 0) + 1);
    expect(now.get(companyB)).toBe((before.multi.get(companyB) ?? 0) + 2);
    // A staff member who shared nothing sees none of them; the other company's admin sees theirs (as admin) only.
    expect((await companies(staff)).get(companyA)).toBe(before.staff.get(companyA));
    expect([...(await companies(bAdmin)).keys()]).toEqual([companyB]);
    expect((await companies(bAdmin)).get(companyB)).toBe((before.bAdmin.get(companyB) ?? 0) + 2);

    // Reading company B's radar tab (as multi, in B: the switch retires the old token) clears B's count only.
    const inB = (await t.call(multi, { method: 'GET', url: `/api/usr/session/SwitchToken/${companyB}` })).json().token;
    const read = await t.call(inB, { method: 'PUT', url: `/api/maint/message/ReadClass/${MESSAGE_CLASS.radar}` });
    expect(read.statusCode).toBe(200);
    const after = await companies(inB);
    expect(after.get(companyB)).toBe(0);
    expect(after.get(companyA)).toBe(now.get(companyA));
  });
});
