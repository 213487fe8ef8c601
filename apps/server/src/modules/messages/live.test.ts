import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { LiveHub } from './live.js';

const { t } = await appForFile([]);

describe('live tickets (rows shared by every server copy)', () => {
  it('a ticket issued by one copy is taken by another, once', async () => {
    // Two hubs on one database stand for two server copies.
    const a = new LiveHub(t.app.db, t.app.bus);
    const b = new LiveHub(t.app.db, t.app.bus);
    const owner = { userId: t.ids.staff1, companyId: t.ids.companyA, seesAll: false };
    const ticket = await a.issueTicket(owner);
    expect(await b.takeTicket(ticket)).toEqual(owner);
    expect(await b.takeTicket(ticket)).toBeUndefined();
    expect(await a.takeTicket(ticket)).toBeUndefined();
    expect(await a.takeTicket('never-issued')).toBeUndefined();
  });

  it('two copies taking one ticket at the same time: exactly one gets it', async () => {
    const hubs = [0, 1, 2, 3].map(() => new LiveHub(t.app.db, t.app.bus));
    const ticket = await hubs[0].issueTicket({ userId: t.ids.admin, companyId: t.ids.companyA, seesAll: true });
    const taken = await Promise.all(hubs.map((h) => h.takeTicket(ticket)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});
