import { MESSAGE_CLASS } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { TrackedEvent } from '../../ports/index.js';
import { liveHub } from '../messages/live.js';
import { chinaDay, describeEvent, throttleKey, throttleTail, VISITOR_LINK_PREFIX } from './describe.js';

export const GROUP_COMMIT = { maxWaitMs: 20, maxRows: 500 } as const;
/** One radar message per visitor + content + receiver within this window. */
export const RADAR_THROTTLE_MS = 30 * 60_000;
/**
 * Lanes written in parallel: on PostgreSQL each lane's batch is written and committed by its own connection (with
 * one lane, its single writer was the limit while the server stayed about 40% idle); PGlite runs one query at a
 * time, so one lane there.
 */
export const INGEST_LANES: Record<Database['kind'], number> = { postgres: 3, pglite: 1 };

interface Pending {
  event: TrackedEvent;
  /** When it was queued (performance.now()). */
  at: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}

interface Notice {
  companyId: number;
  sharerId: number | null;
  visitorId: number;
  messageTo: number | null;
}

/**
 * Group commit of behaviour events (DESIGN §5), in lanes: a visitor's events always go to the same lane (by a hash
 * of company and visitor key), so lanes never write the same visitor, link or rollup row (`behavior_daily.lane`)
 * and never wait on each other's locks. Each `record` resolves after its batch is committed.
 */
export class Ingest {
  private readonly lanes: Lane[];

  constructor(app: FastifyInstance, lanes = INGEST_LANES[app.database.kind]) {
    this.lanes = Array.from({ length: lanes }, (_, i) => new Lane(app, i));
  }

  /** Events queued or being stored. */
  get backlog(): number {
    return this.lanes.reduce((n, l) => n + l.backlog, 0);
  }

  /** Number of flushes so far (tests read it to see batching). */
  get flushes(): number {
    return this.lanes.reduce((n, l) => n + l.flushes, 0);
  }

  record(event: TrackedEvent): Promise<void> {
    const lane = this.lanes.length === 1 ? 0 : laneOf(event.share.companyId, event.visitorKey, this.lanes.length);
    return this.lanes[lane].record(event);
  }

  /** Stores everything queued (app shutdown). */
  async drain(): Promise<void> {
    await Promise.all(this.lanes.map((l) => l.drain()));
  }
}

/** FNV-1a of company and visitor key: the lane of a visitor. */
export function laneOf(companyId: number, visitorKey: string, lanes: number): number {
  let h = (0x811c9dc5 ^ companyId) >>> 0;
  for (let i = 0; i < visitorKey.length; i++) h = Math.imul(h ^ visitorKey.charCodeAt(i), 0x01000193) >>> 0;
  return h % lanes;
}

/**
 * One lane: events wait ≤ 20 ms or until 500 are queued, then one statement stores the batch (visitors, events,
 * sharer links, daily rollups, throttled radar messages). While it runs, the next batch gathers.
 */
class Lane {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private inFlight = 0;
  private draining = false;
  flushes = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly lane: number,
  ) {}

  get backlog(): number {
    return this.queue.length + this.inFlight;
  }

  record(event: TrackedEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, at: performance.now(), resolve, reject });
      if (this.queue.length >= GROUP_COMMIT.maxRows) this.kick();
      else if (!this.timer && !this.running) this.timer = setTimeout(() => this.kick(), GROUP_COMMIT.maxWaitMs);
    });
  }

  async drain(): Promise<void> {
    this.draining = true;
    try {
      this.kick();
      while (this.running) await this.running;
    } finally {
      this.draining = false;
    }
  }

  private kick() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // loop() always awaits when the queue is non-empty, so `running` is reset only after this assignment.
    if (!this.running && this.queue.length) this.running = this.loop();
  }

  private async loop() {
    while (this.queue.length) {
      const batch = this.queue.splice(0, GROUP_COMMIT.maxRows);
      this.inFlight = batch.length;
      await this.store(batch);
      this.inFlight = 0;
      // What arrived meanwhile gathers for the rest of its window before it is stored: storing it at once made
      // a lane under load write batches of a handful of events, each paying a statement and a commit.
      if (this.queue.length < GROUP_COMMIT.maxRows && !this.draining) {
        const wait = this.queue.length ? this.queue[0].at + GROUP_COMMIT.maxWaitMs - performance.now() : 0;
        if (wait >= 1) {
          this.timer = setTimeout(() => this.kick(), wait);
          break;
        }
      }
    }
    this.running = null;
  }

  /**
   * One bad event must not lose the others: a failed batch is halved and each half stored again, so one bad event
   * among 500 costs about 18 statements rather than 500, and only the bad event is rejected.
   */
  private async store(batch: Pending[]): Promise<void> {
    let notices: Notice[];
    try {
      notices = await flush(
        this.app.database,
        this.lane,
        batch.map((b) => b.event),
      );
    } catch (e) {
      if (batch.length === 1) {
        this.app.log.error({ err: e }, 'behaviour event dropped');
        batch[0].reject(e);
        return;
      }
      this.app.log.warn({ err: e, events: batch.length }, 'behaviour batch failed; storing its halves apart');
      const half = Math.ceil(batch.length / 2);
      await this.store(batch.slice(0, half));
      await this.store(batch.slice(half));
      return;
    }
    // Outside the try: a batch once committed is never stored again.
    this.settle(batch, notices);
  }

  private settle(batch: Pending[], notices: Notice[]) {
    this.flushes++;
    // Statistics cached for these companies are stale now.
    for (const companyId of new Set(batch.map((b) => b.event.share.companyId)))
      this.app.companyVersions.bump(companyId, 'events');
    for (const b of batch) b.resolve();
    const hub = liveHub(this.app);
    for (const n of notices) {
      if (n.messageTo !== null) hub.message(n.companyId, n.messageTo, MESSAGE_CLASS.radar);
      hub.visitor(n.companyId, n.sharerId, n.visitorId);
    }
  }
}

/**
 * The whole batch in one statement, so one round trip and one commit: each part takes whole columns as arrays
 * (unnest), 35 parameters whatever the batch size. The visitors' upsert hands their ids to the other parts; a radar
 * message is written unless the same one (its throttle key) was sent within RADAR_THROTTLE_MS: `offset 0` keeps that
 * check a lookup of the dedupe index per candidate (PostgreSQL does not turn such a subquery into a join, whose plan
 * could scan the company's recent messages for every batch once the statement's cached plan went generic).
 */
const FLUSH_SQL = `
with v as (
  insert into visitors (company_id, visitor_key, owner_id, clue_source, first_seen_at, last_seen_at)
  select * from unnest($1::int[], $2::text[], $3::int[], $4::smallint[], $5::timestamptz[], $6::timestamptz[])
  on conflict (company_id, visitor_key)
    do update set last_seen_at = greatest(visitors.last_seen_at, excluded.last_seen_at)
  returning id, company_id, visitor_key, nickname
), e as (
  insert into behavior_events
    (company_id, visitor_id, sharer_id, share_code, kind, action, content_id, content_title, duration_ms, ts)
  select x.c, v.id, x.s, x.code, x.kind, x.action, x.content, x.title, x.duration, x.ts
  from unnest($7::int[], $8::text[], $9::int[], $10::text[], $11::smallint[], $12::text[], $13::int[], $14::text[],
              $15::int[], $16::timestamptz[]) as x(c, k, s, code, kind, action, content, title, duration, ts)
  join v on v.company_id = x.c and v.visitor_key = x.k
), l as (
  insert into visitor_links (company_id, sharer_id, visitor_id, last_seen_at)
  select x.c, x.s, v.id, x.t
  from unnest($17::int[], $18::int[], $19::text[], $20::timestamptz[]) as x(c, s, k, t)
  join v on v.company_id = x.c and v.visitor_key = x.k
  on conflict (company_id, sharer_id, visitor_id)
    do update set last_seen_at = greatest(visitor_links.last_seen_at, excluded.last_seen_at)
), d as (
  insert into behavior_daily (company_id, day, kind, sharer_id, lane, count)
  select x.c, x.d, x.kind, x.s, $26::smallint, x.n
  from unnest($21::int[], $22::date[], $23::smallint[], $24::int[], $25::int[]) as x(c, d, kind, s, n)
  on conflict (company_id, day, kind, sharer_id, lane) do update set count = behavior_daily.count + excluded.count
), m as (
  insert into messages (company_id, user_id, class_id, title, description, route_link, dedupe_key)
  select x.c, x.u, $27::smallint, y.title, y.title, $28::text || v.id, x.key
  from unnest($29::int[], $30::text[], $31::int[], $32::text[], $33::text[]) as x(c, k, u, key, what)
  join v on v.company_id = x.c and v.visitor_key = x.k
  cross join lateral (select coalesce(nullif(v.nickname, ''), $34::text) || x.what as title) y
  where not exists (
    select 1 from messages o where o.company_id = x.c and o.dedupe_key = x.key and o.created_at > $35::timestamptz
    offset 0)
  returning company_id, user_id, route_link
)
select 0 as m, id, company_id, visitor_key as key from v
union all
select 1, user_id, company_id, route_link from m`;

type FlushRow = { m: number; id: number; company_id: number; key: string };

const vkey = (companyId: number, key: string) => `${companyId}\u0000${key}`;
const iso = (d: Date) => d.toISOString();

/** Runs FLUSH_SQL: a named statement on PostgreSQL (parsed and planned once per connection). */
async function run(database: Database, params: unknown[]): Promise<FlushRow[]> {
  if (database.pool)
    return (await database.pool.query<FlushRow>({ name: 'ingest_flush', text: FLUSH_SQL, values: params })).rows;
  return (await database.pglite!.query<FlushRow>(FLUSH_SQL, params)).rows;
}

async function flush(database: Database, lane: number, events: TrackedEvent[]): Promise<Notice[]> {
  // Visitors: one row per (company, key); the earliest event of the batch names owner and source.
  const firsts = new Map<string, { e: TrackedEvent; first: Date; last: Date }>();
  // Sharer links (who brought whom), daily rollups, and radar message candidates (one per throttle key).
  const links = new Map<string, { e: TrackedEvent; last: Date }>();
  const daily = new Map<string, { companyId: number; day: string; kind: number; sharerId: number; count: number }>();
  const candidates = new Map<string, { e: TrackedEvent; tail: string }>();
  for (const e of events) {
    const { companyId, sharerId } = e.share;
    const k = vkey(companyId, e.visitorKey);
    const cur = firsts.get(k);
    if (!cur) firsts.set(k, { e, first: e.at, last: e.at });
    else {
      if (e.at < cur.first) Object.assign(cur, { e, first: e.at });
      if (e.at > cur.last) cur.last = e.at;
    }
    const day = chinaDay(e.at);
    const dk = `${companyId}:${day}:${e.kind}:${sharerId || 0}`;
    const d = daily.get(dk);
    if (d) d.count++;
    else daily.set(dk, { companyId, day, kind: e.kind, sharerId: sharerId || 0, count: 1 });
    if (!sharerId) continue;
    const lk = `${k}\u0000${sharerId}`;
    const link = links.get(lk);
    if (!link) links.set(lk, { e, last: e.at });
    else if (e.at > link.last) link.last = e.at;
    const tail = throttleTail(e.kind, e.share.contentId, e.action, sharerId);
    const ck = `${k}\u0000${tail}`;
    if (!candidates.has(ck)) candidates.set(ck, { e, tail });
  }
  const vs = [...firsts.values()];
  const ls = [...links.values()];
  const ds = [...daily.values()];
  const cs = [...candidates.values()];
  const rows = await run(database, [
    vs.map((v) => v.e.share.companyId),
    vs.map((v) => v.e.visitorKey),
    vs.map((v) => v.e.share.sharerId || null),
    vs.map((v) => v.e.share.kind),
    vs.map((v) => iso(v.first)),
    vs.map((v) => iso(v.last)),
    events.map((e) => e.share.companyId),
    events.map((e) => e.visitorKey),
    events.map((e) => e.share.sharerId || null),
    events.map((e) => e.share.code),
    events.map((e) => e.kind),
    events.map((e) => e.action),
    events.map((e) => e.share.contentId),
    events.map((e) => e.share.title),
    events.map((e) => Math.max(0, Math.min(2_000_000_000, Math.round(e.durationMs ?? 0)))),
    events.map((e) => iso(e.at)),
    ls.map((l) => l.e.share.companyId),
    ls.map((l) => l.e.share.sharerId),
    ls.map((l) => l.e.visitorKey),
    ls.map((l) => iso(l.last)),
    ds.map((d) => d.companyId),
    ds.map((d) => d.day),
    ds.map((d) => d.kind),
    ds.map((d) => d.sharerId),
    ds.map((d) => d.count),
    lane,
    MESSAGE_CLASS.radar,
    VISITOR_LINK_PREFIX,
    cs.map((c) => c.e.share.companyId),
    cs.map((c) => c.e.visitorKey),
    cs.map((c) => c.e.share.sharerId),
    cs.map((c) => throttleKey(c.e.visitorKey, c.tail)),
    cs.map((c) => describeEvent(c.e.kind, c.e.action, c.e.share.title)),
    '匿名访客',
    iso(new Date(Date.now() - RADAR_THROTTLE_MS)),
  ]);

  const ids = new Map<string, number>();
  const messaged = new Set<string>();
  for (const r of rows)
    if (r.m === 0) ids.set(vkey(r.company_id, r.key), r.id);
    else messaged.add(`${r.company_id}:${r.id}:${r.key.slice(VISITOR_LINK_PREFIX.length)}`);
  const notices = new Map<string, Notice>();
  for (const e of events) {
    const visitorId = ids.get(vkey(e.share.companyId, e.visitorKey))!;
    const nk = `${e.share.companyId}:${e.share.sharerId || 0}:${visitorId}`;
    if (notices.has(nk)) continue;
    notices.set(nk, {
      companyId: e.share.companyId,
      sharerId: e.share.sharerId || null,
      visitorId,
      messageTo: messaged.has(nk) ? e.share.sharerId : null,
    });
  }
  return [...notices.values()];
}
