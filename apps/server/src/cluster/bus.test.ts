import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { AnswerCache } from '../lib/answer-cache.js';
import { CompanyVersions } from '../lib/company-versions.js';
import { CountCache } from '../lib/count-cache.js';
import { type BusEvent, LocalBus, PgBus, packEnvelopes } from './bus.js';
import { DeafBus } from './testing.js';

const url = process.env.TEST_DATABASE_URL;
const log = pino({ level: 'silent' });

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('cluster bus payloads', () => {
  it('packs many events into envelopes that each fit one NOTIFY, losing none', () => {
    const events: BusEvent[] = Array.from({ length: 2_000 }, (_, i) => ({ t: 'vis', c: 1, s: i, v: i * 7 }));
    const envelopes = packEnvelopes('abc', events);
    expect(envelopes.length).toBeGreaterThan(1);
    for (const p of envelopes) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(envelopes.flatMap((p) => JSON.parse(p).e)).toEqual(events);
  });

  it('in one process (PGlite) hands events to this process at once', async () => {
    const bus = new LocalBus(log);
    const got: BusEvent[] = [];
    bus.subscribe((e, fromSelf) => {
      expect(fromSelf).toBe(true);
      got.push(...e);
    });
    await bus.publish([{ t: 'co', c: 3 }]);
    expect(got).toEqual([{ t: 'co', c: 3 }]);
  });
});

describe('a copy whose listening connection is lost', () => {
  it('answers no cached answer or total and keeps none until it listens again', async () => {
    const bus = new DeafBus(log);
    const answers = new AnswerCache(new CompanyVersions(bus));
    let computed = 0;
    const ask = () => answers.get(7, 'briefing', async () => ++computed);
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(2);
    const totals = new CountCache(60_000, 10, 100, Date.now, bus);
    let counted = 0;
    const total = () => totals.total(7, 'visitors', {}, async () => 100 + ++counted);
    expect(await total()).toBe(101);
    expect(await total()).toBe(102);
    // The same caches on a bus that hears every notice keep their answers.
    const kept = new AnswerCache(new CompanyVersions(new LocalBus(log)));
    expect(await kept.get(7, 'briefing', async () => 'first')).toBe('first');
    expect(await kept.get(7, 'briefing', async () => 'second')).toBe('first');
  });
});

if (!url) console.log('cluster bus on PostgreSQL: skipped (TEST_DATABASE_URL is not set)');

describe.runIf(url)('cluster bus on PostgreSQL', () => {
  const pools: pg.Pool[] = [];
  const buses: PgBus[] = [];
  const open = async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const bus = new PgBus(url as string, pool, log);
    await bus.start();
    pools.push(pool);
    buses.push(bus);
    return bus;
  };
  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
  };
  afterAll(async () => {
    for (const b of buses) await b.close();
    for (const p of pools) await p.end();
  });

  it('delivers what one copy publishes to every copy, saying which one sent it', async () => {
    const a = await open();
    const b = await open();
    const atA: [BusEvent[], boolean][] = [];
    const atB: [BusEvent[], boolean][] = [];
    a.subscribe((e, self) => atA.push([e, self]));
    b.subscribe((e, self) => atB.push([e, self]));
    await a.publish([
      { t: 'tok', h: 'x1' },
      { t: 'ver', c: 5, k: 'events' },
    ]);
    await until(() => atA.length > 0 && atB.length > 0);
    expect(atA).toEqual([
      [
        [
          { t: 'tok', h: 'x1' },
          { t: 'ver', c: 5, k: 'events' },
        ],
        true,
      ],
    ]);
    expect(atB).toEqual([
      [
        [
          { t: 'tok', h: 'x1' },
          { t: 'ver', c: 5, k: 'events' },
        ],
        false,
      ],
    ]);
  });

  it('listens again after its connection is ended, asks for every cache to be dropped, and receives again', async () => {
    const a = await open();
    const b = await open();
    let resyncs = 0;
    a.onResync(() => resyncs++);
    const got: BusEvent[] = [];
    a.subscribe((e) => got.push(...e));
    const first = a.listenerPid as number;
    expect(first).toBeGreaterThan(0);

    await terminate(first);
    await until(() => a.reconnects === 1);
    // Once when the connection was lost (notices may have been missed already), once when it listens again.
    expect(resyncs).toBe(2);
    expect(a.listenerPid).not.toBe(first);

    await b.publish([{ t: 'co', c: 9 }]);
    await until(() => got.length > 0);
    expect(got).toEqual([{ t: 'co', c: 9 }]);
  });

  it('sends on a connection of its own while every pooled connection is busy, and after that connection is ended', async () => {
    const a = await open();
    const b = await open();
    const got: BusEvent[] = [];
    b.subscribe((e) => got.push(...e));
    // Both of a's pooled connections held by requests that have not finished.
    const held = await Promise.all([pools[pools.length - 2].connect(), pools[pools.length - 2].connect()]);
    try {
      await a.publish([{ t: 'co', c: 1 }]);
      await until(() => got.length === 1);
      const sender = a.senderPid as number;
      expect(sender).toBeGreaterThan(0);
      expect(sender).not.toBe(a.listenerPid);
      await terminate(sender);
      await until(() => a.senderPid === undefined);
      // The next send opens a new connection.
      await a.publish([{ t: 'co', c: 2 }]);
      await until(() => got.length === 2);
      expect(a.senderPid).not.toBe(sender);
    } finally {
      for (const c of held) c.release();
    }
    expect(got).toEqual([
      { t: 'co', c: 1 },
      { t: 'co', c: 2 },
    ]);
  });

  it('a list total dropped by a write in one copy is counted again by the other copy', async () => {
    const ta = new CountCache(60_000, 10, 100, Date.now, await open());
    const tb = new CountCache(60_000, 10, 100, Date.now, await open());
    let counted = 0;
    const total = () => tb.total(7, 'visitors', {}, async () => 100 + ++counted);
    expect(await total()).toBe(101);
    expect(await total()).toBe(101);
    ta.forget(7, 'visitors');
    await until(() => tb.peek(7, 'visitors', {}) === undefined);
    expect(await total()).toBe(102);
  });

  it("a data-version bump in one copy makes the other copy's cached answers stale", async () => {
    const va = new CompanyVersions(await open());
    const vb = new CompanyVersions(await open());
    const cache = new AnswerCache(vb);
    let computed = 0;
    const ask = () => cache.get(7, 'briefing', async () => ++computed);
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(1);
    va.bump(7, 'events');
    await until(() => vb.of(7, 'data') !== 0);
    expect(await ask()).toBe(2);
    // The publisher moved its own number once, not again when its notice came back.
    await new Promise((r) => setTimeout(r, 200));
    expect(va.of(7, 'data')).toBe(1);
  });

  it('a server copy whose listener reconnected forgets its cached sessions and cached answers', async () => {
    const t = await createTestApp();
    try {
      const token = await t.login('admin');
      expect((await t.call(token, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(200);
      expect(t.app.sessions.cached).toBeGreaterThan(0);
      const version = t.app.companyVersions.of(t.ids.companyA, 'data');
      const bus = t.app.bus as PgBus;
      await terminate(bus.listenerPid as number);
      await until(() => bus.reconnects === 1);
      expect(t.app.sessions.cached).toBe(0);
      expect(t.app.companyVersions.of(t.ids.companyA, 'data')).not.toBe(version);
      // The copy still serves, from the database.
      expect((await t.call(token, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 60_000);
});
