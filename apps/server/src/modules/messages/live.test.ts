import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { memberships } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { LiveHub } from './live.js';

const { t } = await appForFile([]);

const setRole = (userId: number, role: 'admin' | 'staff') =>
  t.app.db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, t.ids.companyA)));

describe('live tickets (rows shared by every server copy)', () => {
  it('a ticket issued by one copy is taken by another, once', async () => {
    // Two hubs on one database stand for two server copies.
    const a = new LiveHub(t.app.db, t.app.bus, t.app.sessions);
    const b = new LiveHub(t.app.db, t.app.bus, t.app.sessions);
    const owner = { userId: t.ids.staff1, companyId: t.ids.companyA, sessionHash: hashToken(await t.login('staff1')) };
    const ticket = await a.issueTicket(owner);
    expect(await b.takeTicket(ticket)).toEqual({ ...owner, seesAll: false });
    expect(await b.takeTicket(ticket)).toBeUndefined();
    expect(await a.takeTicket(ticket)).toBeUndefined();
    expect(await a.takeTicket('never-issued')).toBeUndefined();
  });

  it('two copies taking one ticket at the same time: exactly one gets it', async () => {
    const hubs = [0, 1, 2, 3].map(() => new LiveHub(t.app.db, t.app.bus, t.app.sessions));
    const sessionHash = hashToken(await t.login('admin'));
    const ticket = await hubs[0].issueTicket({ userId: t.ids.admin, companyId: t.ids.companyA, sessionHash });
    const taken = await Promise.all(hubs.map((h) => h.takeTicket(ticket)));
    expect(taken.filter(Boolean)).toEqual([
      { userId: t.ids.admin, companyId: t.ids.companyA, sessionHash, seesAll: true },
    ]);
  });
});

describe('a live ticket opens a stream with the rights its session has when it is taken, not when it was issued', () => {
  it('an administrator made staff after asking for a ticket hears only their own visitors', async () => {
    await setRole(t.ids.staff1, 'admin');
    try {
      const sessionHash = hashToken(await t.login('staff1'));
      const ticket = await t.app.live.issueTicket({ userId: t.ids.staff1, companyId: t.ids.companyA, sessionHash });
      // The role changes in the database; this copy never hears of it (no notice: another copy's, lost).
      await setRole(t.ids.staff1, 'staff');
      expect(await t.app.live.takeTicket(ticket)).toMatchObject({ userId: t.ids.staff1, seesAll: false });
    } finally {
      await setRole(t.ids.staff1, 'staff');
    }
  });

  it('a member removed after asking for a ticket opens nothing', async () => {
    const sessionHash = hashToken(await t.login('staff1'));
    const ticket = await t.app.live.issueTicket({ userId: t.ids.staff1, companyId: t.ids.companyA, sessionHash });
    const where = and(eq(memberships.userId, t.ids.staff1), eq(memberships.companyId, t.ids.companyA));
    await t.app.db.update(memberships).set({ status: 'removed' }).where(where);
    try {
      expect(await t.app.live.takeTicket(ticket)).toBeUndefined();
    } finally {
      await t.app.db.update(memberships).set({ status: 'active' }).where(where);
    }
  });

  it("a ticket whose user's streams are ended while its rights are read is refused (the change's notice came then)", async () => {
    const sessionHash = hashToken(await t.login('admin'));
    let reading!: () => void;
    let release!: () => void;
    const read = new Promise<void>((r) => {
      reading = r;
    });
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The rights are read as the database had them just before a role change was saved; its notice comes meanwhile.
    const hub = new LiveHub(t.app.db, t.app.bus, {
      current: async (hash) => {
        const rights = await t.app.sessions.current(hash);
        reading();
        await held;
        return rights;
      },
    });
    const ticket = await hub.issueTicket({ userId: t.ids.admin, companyId: t.ids.companyA, sessionHash });
    const taken = hub.takeTicket(ticket);
    await read;
    await t.app.bus.publish([{ t: 'usr', u: t.ids.admin, c: t.ids.companyA }]);
    // The notice reaches the hub (the bus delivers it to its subscribers) before the rights are handed back.
    await new Promise((r) => setTimeout(r, 200));
    release();
    expect(await taken).toBeUndefined();
  });
});
