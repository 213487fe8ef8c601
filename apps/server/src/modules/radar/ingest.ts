import { MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { arrayLiteral } from '../../db/array-literal.js';
import type { Database } from '../../db/client.js';
import { PgliteStatement } from '../../db/pglite-statement.js';
import type { ShareInfo, TrackedEvent } from '../../ports/index.js';
import { liveHub } from '../messages/index.js';
import {
  chinaDay,
  describeEvent,
  type RadarParams,
  throttleKeySql,
  throttleTail,
  VISITOR_LINK_PREFIX,
} from './describe.js';
import { noteHead, RADAR_NOTE_MAX, withNote } from './note.js';
import { SCORE_CTES, scoreCandidates, scoreParams, scoreReasonParams } from './score-sql.js';

const GROUP_COMMIT = { maxWaitMs: 20, maxRows: 500 } as const;
/** One radar message per visitor + content + receiver within this window. */
export const RADAR_THROTTLE_MS = 30 * 60_000;
/**
 * Lanes written in parallel: on PostgreSQL each lane's batch is written and committed by its own connection (with
 * one lane, its single writer was the limit while the server stayed partly idle: bench/results/2026-11-23-summary.md);
 * PGlite runs one query at a time, so one lane there.
 */
const INGEST_LANES: Record<Database['kind'], number> = { postgres: 3, pglite: 1 };

interface Pending {
  event: TrackedEvent;
  /** When it was queued (performance.now()). */
  at: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}

interface Notice {
  /** A hot message (id) for user `messageTo`: the other fields say nothing then. */
  hot?: number;
  companyId: number;
  sharerId: number | null;
  visitorId: number;
  messageTo: number | null;
}

/** Whether a notice stands for a message the batch wrote: a 🔥 hot one, or a radar message to `messageTo`. */
const wroteMessage = (n: Notice) => n.hot !== undefined || n.messageTo !== null;

/**
 * Group commit of behaviour events (DESIGN §5), in lanes: a visitor's events always go to the same lane (by a hash
 * of company and visitor key), so lanes never write the same rollup row (`behavior_daily.lane`), nor the same visitor
 * or link but for the browsers of a merged lead (each goes to its own key's lane, and both store the kept lead: those
 * batches take the kept lead's lane lock too, `runLocked`). Each `record` resolves after its batch is committed.
 */
export class Ingest {
  private readonly lanes: Lane[];

  constructor(app: FastifyInstance, lanes = INGEST_LANES[app.database.kind]) {
    this.lanes = Array.from({ length: lanes }, (_, i) => new Lane(app, i, lanes));
  }

  /** Events queued or being stored. */
  get backlog(): number {
    return this.lanes.reduce((n, l) => n + l.backlog, 0);
  }

  /** How long the oldest waiting event has waited, in ms (0: none waiting). */
  get oldestWaitMs(): number {
    return Math.max(0, ...this.lanes.map((l) => l.oldestWaitMs));
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
 * `laneOf` in SQL, of a company and a key (SQL expressions): the same FNV-1a over the key's characters in bigint,
 * cut to 32 bits after each step. The same lane as laneOf's for a key of ASCII or other BMP characters (visitor
 * cookies are base64url); for another, the ingest finds the difference and takes laneOf's lane (runLocked).
 */
export const laneSql = (company: string, key: string, lanes: number) => `(with recursive f(i, h) as (
    select 1, (2166136261 # (${company})::bigint) & 4294967295
    union all
    select i + 1, ((h # ascii(substr(${key}, i, 1))::bigint) * 16777619) & 4294967295 from f where i <= length(${key})
  ) select (h % ${Math.trunc(lanes)})::int from f where i > length(${key}))`;

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
    private readonly lanes: number,
  ) {}

  get oldestWaitMs(): number {
    return this.queue.length ? performance.now() - this.queue[0].at : 0;
  }

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
      const t0 = performance.now();
      await this.store(batch);
      this.app.metrics?.ingestBatch(batch.length, (performance.now() - t0) / 1000);
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
        this.lanes,
        batch.map((b) => b.event),
        this.app.config?.LEAD_SCORING !== 'off',
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
    // So are the message centre's kept totals (a user's 1,000 messages and more are kept for 10 s), here and in
    // every copy, but only of the companies this batch wrote a radar or 🔥 message in: under beacon load most
    // batches write none, and the kept totals are what spares those loads a count.
    for (const companyId of new Set(notices.filter(wroteMessage).map((n) => n.companyId)))
      this.app.listTotals.forget(companyId, 'messages');
    for (const b of batch) b.resolve();
    const hub = liveHub(this.app);
    for (const n of notices) {
      if (n.hot !== undefined) {
        hub.message(n.companyId, n.messageTo, MESSAGE_CLASS.radar);
        hub.hot(n.companyId, n.messageTo!, n.hot);
        continue;
      }
      if (n.messageTo !== null) hub.message(n.companyId, n.messageTo, MESSAGE_CLASS.radar);
      hub.visitor(n.companyId, n.sharerId, n.visitorId);
    }
  }
}

/**
 * The whole batch in one statement, so one round trip and one commit: each part takes whole columns as arrays
 * (unnest), 63 parameters whatever the batch size. What events share is sent once: the batch's shares (company,
 * sharer, code, content, title) and visitors are numbered, and events, links and message candidates name them by
 * number; times travel as epoch milliseconds. (Sending every column per event made the statement three times the
 * size, and serialising and writing it was a tenth of the server's time per event.) The visitors' upsert hands
 * their ids to the other parts (each visitor carries its company, first sharer and kind, $7/$58/$59, instead of its
 * share's number: joined to the shares first, PostgreSQL estimated two visitors and matched the upserted ones to the
 * batch's by a nested loop, quadratic in the batch, 96 ms of a 500-event statement). The upsert also hands back each
 * visitor's last_seen_at from before the batch (`previous_seen_at`, null for a new visitor) and phone, which scoring's
 * conditions read from `va` instead of probing `visitors` again per event. Events and links find their
 * visitor's id, company and name by its number in arrays (`va`), not by a join to `vid`: estimated at a row or two,
 * that join was a nested loop too (62,250 rows compared per insert for 250 events: bench/results/2026-11-27-summary.md),
 * and so was every other part's once the tables were analyzed (bench/results/2026-11-27-ingest-by-number.md).
 * A consult or a forward that raises its 🔥 hot moment for a receiver writes no plain radar message to that receiver
 * beside it (one consult, one notice: the hot one says the same and why it matters), so `m` comes after SCORE_CTES'
 * `hto`.
 * A radar message is written only for the throttle keys whose `radar_throttle` row the statement's upsert wrote
 * (`mt`: at $33, when the batch is stored, and only RADAR_THROTTLE_MS after the key's last message). The upsert
 * waits for a concurrent statement's uncommitted row of the same key and then sees it, so two server copies storing
 * the same visitor at once write one message (a `not exists` over recent messages saw neither's new row, and both
 * wrote). A key still inside its window is skipped by a read before the upsert (most of a returning visitor's
 * events), so only keys due a message lock their row. The keys written find their message's fields through one jsonb object keyed company:key (`mcj`), a
 * lookup per row where a join of the two sets would be a nested loop (as in SCORE_CTES' `hcj`).
 * The browser of a lead merged into another keeps its cookie: `vin` takes the kept lead's key from `visitor_aliases`
 * (merge/aliases.ts), so its events are the kept lead's. Two browsers of one lead may then share a key in a batch:
 * the upsert takes one row per key (earliest first sharer and kind), the sharer links one row per visitor and
 * sharer, and the radar candidates one per throttle key (an upsert may not touch a row twice). The throttle key is
 * built from the stored key (`throttleKeySql`), so the two browsers share one radar message. The statement hands back
 * the key each such browser's events were stored under, so the batch can check it holds that key's lane lock
 * (runLocked).
 */
const FLUSH_SQL = `
with s as (
  select * from unnest($1::int[], $2::int[], $3::smallint[], $4::text[], $5::int[], $6::text[])
    with ordinality as s(c, sharer, kind, code, content, title, i)
), vin as (
  select x.c, coalesce(a.target_key, x.k) as k, a.target_key is not null as aliased, x.first, x.last, x.sharer,
         x.kind, x.i
  from unnest($7::int[], $8::text[], $9::float8[], $10::float8[], $58::int[], $59::smallint[])
    with ordinality as x(c, k, first, last, sharer, kind, i)
  left join visitor_aliases a on a.company_id = x.c and a.visitor_key = x.k
), v as (
  insert into visitors (company_id, visitor_key, owner_id, clue_source, first_seen_at, last_seen_at)
  select c, k, (array_agg(sharer order by first, i))[1], (array_agg(kind order by first, i))[1],
         to_timestamp(min(first) / 1000), to_timestamp(max(last) / 1000)
  from vin group by c, k
  on conflict (company_id, visitor_key)
    do update set last_seen_at = greatest(visitors.last_seen_at, excluded.last_seen_at),
      previous_seen_at = visitors.last_seen_at
  returning id, company_id, visitor_key, nickname, previous_seen_at, phone
), vid as (
  select vin.i, vin.aliased, v.id, v.company_id, v.visitor_key, v.nickname, v.previous_seen_at, v.phone
  from vin join v on v.company_id = vin.c and v.visitor_key = vin.k
), va as (
  select array_agg(id order by i) as id, array_agg(company_id order by i) as c, array_agg(nickname order by i) as nick,
         array_agg(previous_seen_at order by i) as prev, array_agg(phone order by i) as phone,
         array_agg(visitor_key order by i) as k
  from vid
), e as (
  insert into behavior_events
    (company_id, visitor_id, sharer_id, share_code, kind, action, content_id, content_title, duration_ms, note, ts)
  select va.c[x.vi], va.id[x.vi], s.sharer, s.code, x.kind, x.action, s.content, s.title, x.duration, x.note,
         to_timestamp(x.ts / 1000)
  from unnest($11::int[], $12::int[], $13::smallint[], $14::text[], $15::int[], $16::float8[], $60::text[])
    as x(vi, si, kind, action, duration, ts, note)
  cross join va join s on s.i = x.si
), l as (
  insert into visitor_links (company_id, sharer_id, visitor_id, last_seen_at)
  select va.c[x.vi], s.sharer, va.id[x.vi], to_timestamp(max(x.last) / 1000)
  from unnest($17::int[], $18::int[], $19::float8[]) as x(vi, si, last)
  cross join va join s on s.i = x.si
  group by 1, 2, 3
  on conflict (company_id, sharer_id, visitor_id)
    do update set last_seen_at = greatest(visitor_links.last_seen_at, excluded.last_seen_at)
), d as (
  insert into behavior_daily (company_id, day, kind, sharer_id, lane, count)
  select x.c, x.d, x.kind, x.s, $25::smallint, x.n
  from unnest($20::int[], $21::date[], $22::smallint[], $23::int[], $24::int[]) as x(c, d, kind, s, n)
  on conflict (company_id, day, kind, sharer_id, lane) do update set count = behavior_daily.count + excluded.count
), vd as (
  insert into visitor_days (company_id, day, sharer_id, visitor_id)
  select va.c[x.vi], x.d, x.s, va.id[x.vi]
  from unnest($35::int[], $36::date[], $37::int[]) as x(vi, d, s)
  cross join va
  on conflict do nothing
), cd as (
  insert into content_daily (company_id, day, kind, content_id, sharer_id, lane, views, read_ms, consults)
  select x.c, x.d, x.kind, x.ct, x.s, $25::smallint, x.v, x.r, x.q
  from unnest($38::int[], $39::date[], $40::smallint[], $41::int[], $42::int[], $43::int[], $44::int8[], $45::int[])
    as x(c, d, kind, ct, s, v, r, q)
  on conflict (company_id, day, kind, content_id, sharer_id, lane) do update
    set views = content_daily.views + excluded.views, read_ms = content_daily.read_ms + excluded.read_ms,
        consults = content_daily.consults + excluded.consults
), cvd as (
  insert into content_visitor_days (company_id, kind, content_id, day, visitor_id)
  select va.c[x.vi], x.kind, x.ct, x.d, va.id[x.vi]
  from unnest($46::int[], $47::smallint[], $48::int[], $49::date[]) as x(vi, kind, ct, d)
  cross join va
  on conflict do nothing
), mc as (
  select distinct on (c, key) * from (
    select va.c[x.vi] as c, ${throttleKeySql('va.k[x.vi]', 'x.tail')} as key,
           jsonb_build_object('u', s.sharer, 'v', va.id[x.vi], 'p', x.p::jsonb,
             't', coalesce(nullif(va.nick[x.vi], ''), $32::text || ' #' || va.id[x.vi] || ' ') || x.what) as o
    from unnest($28::int[], $29::int[], $30::text[], $31::text[], $34::text[]) as x(vi, si, tail, what, p)
    cross join va join s on s.i = x.si
  ) y order by c, key
), mt as (
  insert into radar_throttle (company_id, dedupe_key, last_at)
  select c, key, $33::timestamptz from mc
  where not exists (
    select 1 from radar_throttle t where t.company_id = mc.c and t.dedupe_key = mc.key
      and t.last_at > $33::timestamptz - interval '${RADAR_THROTTLE_MS / 60_000} minutes')
  on conflict (company_id, dedupe_key) do update set last_at = excluded.last_at
    where radar_throttle.last_at <= excluded.last_at - interval '${RADAR_THROTTLE_MS / 60_000} minutes'
  returning company_id, dedupe_key
), mcj as materialized (
  select jsonb_object_agg(c || ':' || key, o) as j from mc
)${SCORE_CTES}, m as (
  insert into messages (company_id, user_id, class_id, title, description, route_link, dedupe_key, params)
  select mt.company_id, (y.o ->> 'u')::int, $26::smallint, y.o ->> 't', y.o ->> 't', $27::text || (y.o ->> 'v'),
         mt.dedupe_key, y.o -> 'p'
  from mt cross join mcj cross join lateral (select mcj.j -> (mt.company_id || ':' || mt.dedupe_key) as o) y
  where not exists (
    select 1 from hto where hto.company_id = mt.company_id and hto.visitor_id = (y.o ->> 'v')::int
      and hto.user_id = (y.o ->> 'u')::int
      and hto.rule = case y.o -> 'p' ->> 'a' when 'consult' then 'consult' when 'submit' then 'consult'
                                             when 'forward' then 'forward' when 'message' then 'message' end)
  returning company_id, user_id, route_link
)
select 0 as m, i::int as a, id as b, case when aliased then visitor_key end as t from vid
union all
select 1, user_id, company_id, route_link from m
union all
select 2, user_id, id, company_id::text from hm`;

const clampMs = (ms: number | undefined) => Math.max(0, Math.min(2_000_000_000, Math.round(ms ?? 0)));

const vkey = (companyId: number, key: string) => `${companyId}\u0000${key}`;

/**
 * m 0: visitor number a has id b (t: the kept lead's key it was stored under, when its key is a merged lead's
 * browser's); m 1: a radar message went to user a of company b, leading to t; m 2: hot message b went to user a of
 * company t.
 */
type FlushRow = { m: number; a: number; b: number; t: string | null };

const pgliteFlush = new WeakMap<object, PgliteStatement>();

/**
 * Runs FLUSH_SQL: a named statement on PostgreSQL (parsed and planned once per connection) and on PGlite (parsed
 * once, then each batch is one message to the backend).
 */
async function run(database: Database, params: unknown[], lock?: LaneLock): Promise<FlushRow[]> {
  if (database.pool) {
    // The arrays go as their text (array-literal.ts), which node-postgres sends as it is.
    const values = params.map((v) => (Array.isArray(v) ? (arrayLiteral(v) ?? v) : v));
    if (lock) return runLocked(database.pool, values, lock);
    return (await database.pool.query<FlushRow>({ name: 'ingest_flush', text: FLUSH_SQL, values })).rows;
  }
  const pg = database.pglite!;
  // A stand-in without the wire protocol (tests) runs the text.
  if (typeof pg.execProtocolStream !== 'function') return (await pg.query<FlushRow>(FLUSH_SQL, params)).rows;
  let statement = pgliteFlush.get(pg);
  if (!statement) {
    statement = new PgliteStatement(pg, 'ingest_flush', FLUSH_SQL);
    pgliteFlush.set(pg, statement);
  }
  return statement.run<FlushRow>(params);
}

/**
 * The lock of a lane (its number in the advisory lock class below), held by the lane's batch until it commits.
 * Scoring's third-open condition counts the visitor's views already committed: one server copy stores a visitor's
 * events one batch after another (its lane), but two copies storing views of one visitor at once each counted only
 * their own and the third open was lost. A visitor has the same lane in every copy (`laneOf`), so with the lane's lock
 * the second copy's batch waits, and its statement (a new snapshot) sees the first's rows. Batches of one lane in two
 * copies already waited for each other on their rollup rows (`behavior_daily.lane`); a lock per visitor instead (a
 * few hundred a batch) cost a tenth of scoring-on ingest on PostgreSQL.
 * The lock that counts is the lane of the key a visitor is stored under: a merged lead's browser keeps its own key
 * (and lane) but its events are the kept lead's (merge/aliases.ts), so its batch takes the kept key's lane lock too.
 */
export const LANE_LOCK_CLASS = 0x696e67;

/**
 * Every lane's lock, in lane order, for a merge of two leads (merge/service.ts), taken before it touches a row: a
 * batch already storing the merged visitor commits first, and one that comes after waits for the merge and then
 * sees its alias (merge/aliases.ts). Without it a batch in flight re-created the merged visitor's row after the merge
 * deleted it: a lead of its own that no later event reached, and a merge that could not be undone. Batches take
 * their lanes' locks in lane order and then rows, a merge every lane's and then rows: no cycle. (Batches take them
 * with scoring on, the default; PGlite runs one statement at a time, so a batch is wholly before or after a merge.)
 */
export const lockIngestLanes = () =>
  sql.raw(
    `select pg_advisory_xact_lock(${LANE_LOCK_CLASS}, l) from generate_series(0, ${INGEST_LANES.postgres - 1}) l`,
  );

/** What a batch locks: its lane, and the lanes of the kept leads its visitors (`keys`, of `companies`) are merged into. */
interface LaneLock {
  lane: number;
  lanes: number;
  companies: number[];
  keys: string[];
}

/**
 * The statement that takes the locks of lanes `take` and of the keys the batch's visitors are stored under when
 * merged (an indexed read of `visitor_aliases` per key; none found, only `take`), in lane order (no deadlock with
 * another batch or a merge), and answers the lanes locked. Sent with `begin` by the simple protocol (one round trip):
 * the keys travel inside its text.
 */
function lockSql(client: pg.PoolClient, take: number[], lock: LaneLock): string {
  const int = (n: number) => String(Math.trunc(n));
  return `select l, pg_advisory_xact_lock(${LANE_LOCK_CLASS}, l) from (
  select unnest(array[${take.map(int).join(',')}]::int[]) as l
  union
  select ${laneSql('a.company_id', 'a.target_key', lock.lanes)}
  from unnest(array[${lock.companies.map(int).join(',')}]::int[],
              array[${lock.keys.map((k) => client.escapeLiteral(k)).join(',')}]::text[]) as x(c, k)
  join visitor_aliases a on a.company_id = x.c and a.visitor_key = x.k
) z order by l`;
}

/**
 * Stores a batch holding its lanes' locks (LANE_LOCK_CLASS). The aliases read by the lock statement may be older
 * than the statement's (a merge committed while it waited): the statement hands back the kept keys it stored under,
 * and when one's lane (laneOf) is not locked, the batch is rolled back and stored again with that lane locked too.
 * A batch of no merged lead takes one round trip for its lock, as before.
 */
async function runLocked(pool: pg.Pool, params: unknown[], lock: LaneLock): Promise<FlushRow[]> {
  const client = await pool.connect();
  try {
    let take = [lock.lane];
    for (;;) {
      const [, locked] = (await client.query(`begin; ${lockSql(client, take, lock)}`)) as unknown as pg.QueryResult<{
        l: number;
      }>[];
      const held = new Set(locked.rows.map((r) => r.l));
      const { rows } = await client.query<FlushRow>({ name: 'ingest_flush', text: FLUSH_SQL, values: params });
      const missing = rows
        .filter((r) => r.m === 0 && r.t !== null)
        .map((r) => laneOf(lock.companies[r.a - 1], r.t!, lock.lanes))
        .filter((l) => !held.has(l));
      if (!missing.length) {
        await client.query('commit');
        return rows;
      }
      await client.query('rollback');
      take = [...new Set([...held, ...missing])];
    }
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Numbers things by a key, from 1 (SQL's ordinality). */
class Numbering<K, V> {
  readonly items: V[] = [];
  private readonly index = new Map<K, number>();
  number(key: K, make: () => V): number {
    let n = this.index.get(key);
    if (n === undefined) {
      this.items.push(make());
      n = this.items.length;
      this.index.set(key, n);
    }
    return n;
  }
}

async function flush(
  database: Database,
  lane: number,
  lanes: number,
  events: TrackedEvent[],
  scoring: boolean,
): Promise<Notice[]> {
  const batch = gather(events);
  const params = flushParams(batch, events, lane, scoring);
  // Only scoring reads what another batch of the same visitor wrote (PGlite is one process: one copy, no lock).
  const { visitors: vs, shares: ss } = batch;
  const lock: LaneLock | undefined = scoring
    ? { lane, lanes, companies: vs.map((v) => ss[v.si - 1].companyId), keys: vs.map((v) => v.key) }
    : undefined;
  const rows = await run(database, params, lock);
  return noticesOf(rows, events, batch.eventVisitor);
}

type Batch = ReturnType<typeof gather>;

/** One pass over a batch: numbered shares and visitors, and every rollup the statement writes. */
function gather(events: TrackedEvent[]) {
  // Shares (one object per share while cached) and visitors (one per company and key) are sent once each; the
  // earliest event of a visitor in the batch names its owner and source.
  const shares = new Numbering<ShareInfo, ShareInfo>();
  const visitors = new Numbering<string, { si: number; key: string; first: number; last: number }>();
  // Sharer links (who brought whom), daily rollups, and radar message candidates (one per throttle key).
  const links = new Map<string, { vi: number; si: number; last: number }>();
  const daily = new Map<string, { companyId: number; day: string; kind: number; sharerId: number; count: number }>();
  const candidates = new Map<string, { vi: number; si: number; tail: string; what: string; params: string }>();
  // Visitor days (who came on which day through whom): one row each, for 访客数.
  const visitorDays = new Map<string, { vi: number; day: string; sharerId: number }>();
  // Per-content rollups (content_daily, content_visitor_days): by the share's kind and content (0 none).
  const contentDays = new Map<
    string,
    {
      companyId: number;
      day: string;
      kind: number;
      contentId: number;
      sharerId: number;
      v: number;
      r: number;
      q: number;
    }
  >();
  const contentVisitors = new Map<string, { vi: number; kind: number; contentId: number; day: string }>();
  const eventVisitor: number[] = [];
  const eventShare: number[] = [];
  for (const e of events) {
    const { companyId, sharerId } = e.share;
    const at = e.at.getTime();
    const si = shares.number(e.share, () => e.share);
    const k = vkey(companyId, e.visitorKey);
    const vi = visitors.number(k, () => ({ si, key: e.visitorKey, first: at, last: at }));
    const v = visitors.items[vi - 1];
    if (at < v.first) Object.assign(v, { si, first: at });
    if (at > v.last) v.last = at;
    eventVisitor.push(vi);
    eventShare.push(si);
    const day = chinaDay(e.at);
    const dk = `${companyId}:${day}:${e.kind}:${sharerId || 0}`;
    const d = daily.get(dk);
    if (d) d.count++;
    else daily.set(dk, { companyId, day, kind: e.kind, sharerId: sharerId || 0, count: 1 });
    const vdk = `${vi}:${day}:${sharerId || 0}`;
    if (!visitorDays.has(vdk)) visitorDays.set(vdk, { vi, day, sharerId: sharerId || 0 });
    const { kind: shareKind } = e.share;
    const contentId = e.share.contentId ?? 0;
    const cdk = `${companyId}:${day}:${shareKind}:${contentId}:${sharerId || 0}`;
    let cd = contentDays.get(cdk);
    if (!cd) {
      cd = { companyId, day, kind: shareKind, contentId, sharerId: sharerId || 0, v: 0, r: 0, q: 0 };
      contentDays.set(cdk, cd);
    }
    if (e.action === 'view') cd.v++;
    else if (e.action === 'read') cd.r += clampMs(e.durationMs);
    else if (e.action === 'consult' || e.action === 'submit') cd.q++;
    const cvk = `${vi}:${shareKind}:${contentId}:${day}`;
    if (!contentVisitors.has(cvk)) contentVisitors.set(cvk, { vi, kind: shareKind, contentId, day });
    if (!sharerId) continue;
    const lk = `${k}\u0000${sharerId}`;
    const link = links.get(lk);
    if (!link) links.set(lk, { vi, si, last: at });
    else if (at > link.last) link.last = at;
    const tail = throttleTail(e.kind, e.share.contentId, e.action, sharerId);
    const ck = `${k}\u0000${tail}`;
    if (!candidates.has(ck))
      candidates.set(ck, {
        vi,
        si,
        tail,
        what: withNote(describeEvent(e.kind, e.action, e.share.title), e.note ?? '', RADAR_NOTE_MAX, 'zh'),
        params: JSON.stringify({
          k: e.kind,
          a: e.action,
          t: e.share.title,
          ...(e.note ? { n: noteHead(e.note) } : {}),
        } satisfies RadarParams),
      });
  }
  return {
    shares: shares.items,
    visitors: visitors.items,
    links: [...links.values()],
    daily: [...daily.values()],
    candidates: [...candidates.values()],
    visitorDays: [...visitorDays.values()],
    contentDays: [...contentDays.values()],
    contentVisitors: [...contentVisitors.values()],
    eventVisitor,
    eventShare,
  };
}

/** FLUSH_SQL's parameters, in its order: column arrays of each rollup. */
function flushParams(b: Batch, events: TrackedEvent[], lane: number, scoring: boolean): unknown[] {
  const { shares: ss, visitors: vs, links: ls, daily: ds, candidates: cs } = b;
  const { visitorDays: vds, contentDays: cds, contentVisitors: cvs, eventVisitor, eventShare } = b;
  const scored = scoring ? scoreCandidates(events, eventVisitor, eventShare) : [];
  return [
    ss.map((s) => s.companyId),
    ss.map((s) => s.sharerId || null),
    ss.map((s) => s.kind),
    ss.map((s) => s.code),
    ss.map((s) => s.contentId),
    ss.map((s) => s.title),
    vs.map((v) => ss[v.si - 1].companyId),
    vs.map((v) => v.key),
    vs.map((v) => v.first),
    vs.map((v) => v.last),
    eventVisitor,
    eventShare,
    events.map((e) => e.kind),
    events.map((e) => e.action),
    events.map((e) => clampMs(e.durationMs)),
    events.map((e) => e.at.getTime()),
    ls.map((l) => l.vi),
    ls.map((l) => l.si),
    ls.map((l) => l.last),
    ds.map((d) => d.companyId),
    ds.map((d) => d.day),
    ds.map((d) => d.kind),
    ds.map((d) => d.sharerId),
    ds.map((d) => d.count),
    lane,
    MESSAGE_CLASS.radar,
    VISITOR_LINK_PREFIX,
    cs.map((c) => c.vi),
    cs.map((c) => c.si),
    cs.map((c) => c.tail),
    cs.map((c) => c.what),
    '匿名访客',
    new Date().toISOString(),
    cs.map((c) => c.params),
    vds.map((d) => d.vi),
    vds.map((d) => d.day),
    vds.map((d) => d.sharerId),
    cds.map((d) => d.companyId),
    cds.map((d) => d.day),
    cds.map((d) => d.kind),
    cds.map((d) => d.contentId),
    cds.map((d) => d.sharerId),
    cds.map((d) => d.v),
    cds.map((d) => d.r),
    cds.map((d) => d.q),
    cvs.map((d) => d.vi),
    cvs.map((d) => d.kind),
    cvs.map((d) => d.contentId),
    cvs.map((d) => d.day),
    ...scoreParams(scored),
    vs.map((v) => ss[v.si - 1].sharerId || null),
    vs.map((v) => ss[v.si - 1].kind),
    events.map((e) => e.note ?? ''),
    ...scoreReasonParams(scored),
  ];
}

/** What the live hub is told: one notice per company, sharer and visitor, and the hot messages raised. */
function noticesOf(rows: FlushRow[], events: TrackedEvent[], eventVisitor: number[]): Notice[] {
  const ids: number[] = [];
  const messaged = new Set<string>();
  const hot: Notice[] = [];
  for (const r of rows)
    if (r.m === 0) ids[r.a] = r.b;
    else if (r.m === 2) hot.push({ hot: r.b, companyId: Number(r.t), messageTo: r.a, sharerId: null, visitorId: 0 });
    else messaged.add(`${r.b}:${r.a}:${r.t!.slice(VISITOR_LINK_PREFIX.length)}`);
  const notices = new Map<string, Notice>();
  events.forEach((e, n) => {
    const visitorId = ids[eventVisitor[n]];
    const nk = `${e.share.companyId}:${e.share.sharerId || 0}:${visitorId}`;
    if (notices.has(nk)) return;
    notices.set(nk, {
      companyId: e.share.companyId,
      sharerId: e.share.sharerId || null,
      visitorId,
      messageTo: messaged.has(nk) ? e.share.sharerId : null,
    });
  });
  return [...notices.values(), ...hot];
}
