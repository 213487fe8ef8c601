import { MESSAGE_CLASS } from '@huoke/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Tx } from '../../db/client.js';
import { behaviorDaily, behaviorEvents, messages, visitorLinks, visitors } from '../../db/schema/index.js';
import type { TrackedEvent } from '../../ports/index.js';
import { liveHub } from '../messages/live.js';
import { chinaDay, describeEvent, throttleKey, visitorLink } from './describe.js';

export const GROUP_COMMIT = { maxWaitMs: 20, maxRows: 500 } as const;
/** One radar message per visitor + content + receiver within this window. */
export const RADAR_THROTTLE_MS = 30 * 60_000;

interface Pending {
  event: TrackedEvent;
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
 * Group commit of behaviour events (DESIGN §5): events wait ≤ 20 ms or until 500 are queued, then one
 * transaction upserts the visitors, inserts every event in one statement, updates the daily rollups
 * and the sharer links, and writes the (throttled) radar messages. Each `record` resolves after commit.
 */
export class Ingest {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Number of flushes so far (tests read it to see batching). */
  flushes = 0;
  private inFlight = 0;

  /** Events queued or being stored. */
  get backlog(): number {
    return this.queue.length + this.inFlight;
  }

  constructor(private readonly app: FastifyInstance) {}

  record(event: TrackedEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      if (this.queue.length >= GROUP_COMMIT.maxRows) this.kick();
      else if (!this.timer && !this.running) this.timer = setTimeout(() => this.kick(), GROUP_COMMIT.maxWaitMs);
    });
  }

  /** Stores everything queued (app shutdown). */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
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
      try {
        this.settle(
          batch,
          await this.app.db.transaction((tx) =>
            flush(
              tx,
              batch.map((b) => b.event),
            ),
          ),
        );
      } catch (e) {
        if (batch.length === 1) {
          this.app.log.error({ err: e }, 'behaviour event dropped');
          batch[0].reject(e);
          continue;
        }
        // One bad event must not lose the others: store them one by one, rejecting only the bad ones.
        this.app.log.warn({ err: e }, 'behaviour batch failed; storing its events one by one');
        for (const b of batch) {
          try {
            this.settle([b], await this.app.db.transaction((tx) => flush(tx, [b.event])));
          } catch (err) {
            this.app.log.error({ err }, 'behaviour event dropped');
            b.reject(err);
          }
        }
      }
    }
    this.inFlight = 0;
    this.running = null;
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

/** One array parameter (drizzle would otherwise spread a JavaScript array into a list of parameters). */
const arr = (values: unknown[]) => sql.param(values);

const vkey = (companyId: number, key: string) => `${companyId}\u0000${key}`;

async function flush(tx: Tx, events: TrackedEvent[]): Promise<Notice[]> {
  // 1. Visitors: one row per (company, key); the earliest event of the batch names owner and source.
  const firsts = new Map<string, { e: TrackedEvent; first: Date; last: Date }>();
  for (const e of events) {
    const k = vkey(e.share.companyId, e.visitorKey);
    const cur = firsts.get(k);
    if (!cur) firsts.set(k, { e, first: e.at, last: e.at });
    else {
      if (e.at < cur.first) Object.assign(cur, { e, first: e.at });
      if (e.at > cur.last) cur.last = e.at;
    }
  }
  // Each statement takes whole columns as arrays (unnest): a batch of 500 rows is 6–10 parameters, not 5,000,
  // which PostgreSQL parses at once and the driver does not build value by value.
  const vs = [...firsts.values()];
  const vrows = rowsOf<{ id: number; company_id: number; visitor_key: string; nickname: string }>(
    await tx.execute(sql`
      insert into ${visitors} (company_id, visitor_key, owner_id, clue_source, first_seen_at, last_seen_at)
      select * from unnest(
        ${arr(vs.map((v) => v.e.share.companyId))}::int[],
        ${arr(vs.map((v) => v.e.visitorKey))}::text[],
        ${arr(vs.map((v) => v.e.share.sharerId || null))}::int[],
        ${arr(vs.map((v) => v.e.share.kind))}::smallint[],
        ${arr(vs.map((v) => v.first.toISOString()))}::timestamptz[],
        ${arr(vs.map((v) => v.last.toISOString()))}::timestamptz[])
      on conflict (company_id, visitor_key)
        do update set last_seen_at = greatest(${visitors.lastSeenAt}, excluded.last_seen_at)
      returning id, company_id, visitor_key, nickname`),
  ).map((r) => ({ id: r.id, companyId: r.company_id, visitorKey: r.visitor_key, nickname: r.nickname }));
  const byKey = new Map(vrows.map((v) => [vkey(v.companyId, v.visitorKey), v]));
  const visitorOf = (e: TrackedEvent) => byKey.get(vkey(e.share.companyId, e.visitorKey))!;

  // 2. Every event, one statement.
  await tx.execute(sql`
    insert into ${behaviorEvents}
      (company_id, visitor_id, sharer_id, share_code, kind, action, content_id, content_title, duration_ms, ts)
    select * from unnest(
      ${arr(events.map((e) => e.share.companyId))}::int[],
      ${arr(events.map((e) => visitorOf(e).id))}::int[],
      ${arr(events.map((e) => e.share.sharerId || null))}::int[],
      ${arr(events.map((e) => e.share.code))}::text[],
      ${arr(events.map((e) => e.kind))}::smallint[],
      ${arr(events.map((e) => e.action))}::text[],
      ${arr(events.map((e) => e.share.contentId))}::int[],
      ${arr(events.map((e) => e.share.title))}::text[],
      ${arr(events.map((e) => Math.max(0, Math.min(2_000_000_000, Math.round(e.durationMs ?? 0)))))}::int[],
      ${arr(events.map((e) => e.at.toISOString()))}::timestamptz[])`);

  // 3. Sharer links (who brought whom) and 4. daily rollups.
  const links = new Map<string, { companyId: number; sharerId: number; visitorId: number; lastSeenAt: Date }>();
  const daily = new Map<string, { companyId: number; day: string; kind: number; sharerId: number; count: number }>();
  for (const e of events) {
    const v = visitorOf(e);
    if (e.share.sharerId) {
      const lk = `${e.share.companyId}:${e.share.sharerId}:${v.id}`;
      const cur = links.get(lk);
      if (!cur)
        links.set(lk, { companyId: e.share.companyId, sharerId: e.share.sharerId, visitorId: v.id, lastSeenAt: e.at });
      else if (e.at > cur.lastSeenAt) cur.lastSeenAt = e.at;
    }
    const day = chinaDay(e.at);
    const dk = `${e.share.companyId}:${day}:${e.kind}:${e.share.sharerId || 0}`;
    const d = daily.get(dk);
    if (d) d.count++;
    else daily.set(dk, { companyId: e.share.companyId, day, kind: e.kind, sharerId: e.share.sharerId || 0, count: 1 });
  }
  const ls = [...links.values()];
  if (ls.length)
    await tx.execute(sql`
      insert into ${visitorLinks} (company_id, sharer_id, visitor_id, last_seen_at)
      select * from unnest(
        ${arr(ls.map((l) => l.companyId))}::int[],
        ${arr(ls.map((l) => l.sharerId))}::int[],
        ${arr(ls.map((l) => l.visitorId))}::int[],
        ${arr(ls.map((l) => l.lastSeenAt.toISOString()))}::timestamptz[])
      on conflict (company_id, sharer_id, visitor_id)
        do update set last_seen_at = greatest(${visitorLinks.lastSeenAt}, excluded.last_seen_at)`);
  const ds = [...daily.values()];
  await tx.execute(sql`
    insert into ${behaviorDaily} (company_id, day, kind, sharer_id, count)
    select * from unnest(
      ${arr(ds.map((d) => d.companyId))}::int[],
      ${arr(ds.map((d) => d.day))}::date[],
      ${arr(ds.map((d) => d.kind))}::smallint[],
      ${arr(ds.map((d) => d.sharerId))}::int[],
      ${arr(ds.map((d) => d.count))}::int[])
    on conflict (company_id, day, kind, sharer_id) do update set count = ${behaviorDaily.count} + excluded.count`);

  // 5. Radar messages to the sharer, throttled per visitor + content.
  const candidates = new Map<string, { e: TrackedEvent; visitorId: number; nickname: string }>();
  for (const e of events) {
    if (!e.share.sharerId) continue;
    const v = visitorOf(e);
    const key = throttleKey(v.id, e.kind, e.share.contentId, e.action, e.share.sharerId);
    if (!candidates.has(key)) candidates.set(key, { e, visitorId: v.id, nickname: v.nickname });
  }
  const recent = new Set<string>();
  const byCompany = new Map<number, string[]>();
  for (const [key, c] of candidates) {
    const list = byCompany.get(c.e.share.companyId) ?? [];
    list.push(key);
    byCompany.set(c.e.share.companyId, list);
  }
  const since = new Date(Date.now() - RADAR_THROTTLE_MS);
  for (const [companyId, keys] of byCompany) {
    const rows = await tx
      .select({ key: messages.dedupeKey })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), inArray(messages.dedupeKey, keys), gt(messages.createdAt, since)));
    for (const r of rows) if (r.key) recent.add(r.key);
  }
  const fresh = [...candidates].filter(([key]) => !recent.has(key));
  if (fresh.length) {
    const ms = fresh.map(([key, { e, visitorId, nickname }]) => ({
      e,
      key,
      visitorId,
      text: `${nickname || '匿名访客'}${describeEvent(e.kind, e.action, e.share.title)}`,
    }));
    await tx.execute(sql`
      insert into ${messages} (company_id, user_id, class_id, title, description, route_link, dedupe_key)
      select c, u, ${MESSAGE_CLASS.radar}, t, t, r, k from unnest(
        ${arr(ms.map((m) => m.e.share.companyId))}::int[],
        ${arr(ms.map((m) => m.e.share.sharerId))}::int[],
        ${arr(ms.map((m) => m.text))}::text[],
        ${arr(ms.map((m) => visitorLink(m.visitorId)))}::text[],
        ${arr(ms.map((m) => m.key))}::text[]) as m(c, u, t, r, k)`);
  }
  const messaged = new Set(fresh.map(([, c]) => `${c.e.share.companyId}:${c.e.share.sharerId}:${c.visitorId}`));

  const notices = new Map<string, Notice>();
  for (const e of events) {
    const v = visitorOf(e);
    const nk = `${e.share.companyId}:${e.share.sharerId || 0}:${v.id}`;
    if (notices.has(nk)) continue;
    notices.set(nk, {
      companyId: e.share.companyId,
      sharerId: e.share.sharerId || null,
      visitorId: v.id,
      messageTo: messaged.has(nk) ? e.share.sharerId : null,
    });
  }
  return [...notices.values()];
}
