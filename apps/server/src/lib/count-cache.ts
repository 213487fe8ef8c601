import type { ClusterBus } from '../cluster/bus.js';
import { BoundedCache } from './bounded-cache.js';

/**
 * Totals of long lists (DESIGN §5). A page's rows are always read fresh, but an exact `count(*)` over a company's
 * hundreds of thousands of visitors or messages costs more than the page itself and is paid again on every page
 * turn. A total at or above `large` rows (1,000: the `medium` data set's administrator has 8,437 radar messages, and
 * counting them took 10–20 ms on PGlite on every load of the message centre) is therefore reused for `ttlMs`, and so
 * is one whose count took `slowMs` or more (waiting for the database included, so the bar is high): a filter that
 * matches few rows may still read many (a keyword search counts every visitor of a sales rep: 190–280 ms a count on
 * `large` PostgreSQL under `npm run bench -- mixed`, paid on every page turn). Other small totals are counted every
 * time, so a short list that is cheap to count never shows a stale number. Writes that change a list call
 * `forget(companyId, area)`: this process shows the new total at once, and the cluster bus tells every other server
 * copy to drop it too (new visitors stored by the ingest do not call it: a kept total may lag them by `ttlMs`, on any
 * copy). A kept total that expired is counted again by one request while the others still show it (never after a
 * write dropped it).
 */
export class CountCache {
  private readonly entries: BoundedCache<string, { n: number; until: number }>;
  private readonly inFlight = new Map<string, Promise<number>>();

  constructor(
    /** How long a kept total is reused (COUNT_CACHE_MS); 0 keeps none: every load counts (concurrent ones share it). */
    private readonly ttlMs = 10_000,
    private readonly large = 1_000,
    maxEntries = 20_000,
    private readonly now: () => number = Date.now,
    private readonly bus?: ClusterBus,
    private readonly slowMs = 100,
  ) {
    this.entries = new BoundedCache(maxEntries);
    bus?.subscribe((events, fromSelf) => {
      if (fromSelf) return;
      for (const e of events) if (e.t === 'cnt') this.drop(e.c, e.a);
    });
  }

  private id(companyId: number, area: string, key: unknown) {
    return `${companyId}\u0000${area}\u0000${JSON.stringify(key)}`;
  }

  /** A cached total, or undefined. */
  peek(companyId: number, area: string, key: unknown): number | undefined {
    const hit = this.entries.get(this.id(companyId, area, key));
    return hit && hit.until > this.now() ? hit.n : undefined;
  }

  /**
   * A page read that can count the list in its own statement (a scalar subquery: one round trip): `read(true)`
   * counts and answers the total beside its result, `read(false)` does not. A cached total is used as it is; when
   * none is, one caller at a time counts and the others read their page alone: they take the expired total while
   * it is counted again, or, when there is none (a cold cache, or a write dropped it), that count when it comes.
   * Fifty page loads of a big list at once would otherwise count it fifty times at once whenever its total expired
   * (20 ms a count of 55,000 visitors on PGlite `medium`, which runs one statement at a time: a second's stall).
   * A page past the end has no row to carry the count (`total` undefined): its caller counts apart (`total`).
   * `alongside`: for one share of a list counted in parts, what its other shares already kept add; the share is kept
   * when the whole list is large (the message centre's own messages beside the company's broadcasts).
   */
  async page<T>(
    companyId: number,
    area: string,
    key: unknown,
    read: (count: boolean) => Promise<{ result: T; total?: number }>,
    alongside = 0,
  ): Promise<{ result: T; total: number | undefined }> {
    const id = this.id(companyId, area, key);
    const cached = this.peek(companyId, area, key);
    if (cached !== undefined) return { result: (await read(false)).result, total: cached };
    const running = this.inFlight.get(id);
    if (running) {
      const stale = this.entries.get(id);
      if (stale) return { result: (await read(false)).result, total: stale.n };
      const [r, n] = await Promise.all([read(false), running.catch(() => undefined)]);
      return { result: r.result, total: n };
    }
    let settle: (n: number | undefined) => void = () => {};
    const counted = new Promise<number | undefined>((resolve) => {
      settle = resolve;
    });
    // A waiter that finds no total (the counting page was past the end, or failed) counts apart.
    const shared = counted.then((n) => (n === undefined ? Promise.reject(new Error('not counted')) : n));
    shared.catch(() => {});
    this.inFlight.set(id, shared);
    try {
      const r = await read(true);
      if (r.total !== undefined) this.keep(id, r.total, 0, alongside);
      settle(r.total);
      return { result: r.result, total: r.total };
    } catch (e) {
      settle(undefined);
      throw e;
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** Keeps a total, unless this copy may be missing the notices that would drop it (the bus is not `listening`). */
  private keep(id: string, n: number, ms = 0, alongside = 0) {
    if (this.ttlMs > 0 && (n + alongside >= this.large || ms >= this.slowMs) && this.bus?.listening !== false) {
      this.entries.set(id, { n, until: this.now() + this.ttlMs });
    } else {
      this.entries.delete(id);
    }
  }

  /** The total of `area` in `companyId` for the filter `key` (everything else that shapes the count). */
  async total(companyId: number, area: string, key: unknown, count: () => Promise<number>): Promise<number> {
    const id = this.id(companyId, area, key);
    const hit = this.entries.get(id);
    if (hit && hit.until > this.now()) return hit.n;
    // Concurrent page loads of one big list share one count, and show its expired total meanwhile (as `page`).
    const running = this.inFlight.get(id);
    if (running) return hit ? hit.n : running;
    const started = this.now();
    const p = count().finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, p);
    const n = await p;
    this.keep(id, n, this.now() - started);
    return n;
  }

  /** Drops every cached total (a server copy that may have missed changes made elsewhere). */
  clear(): void {
    this.entries.clear();
  }

  /** Drops the cached totals of one area of a company, here and in every other copy (after a write that adds or removes rows). */
  forget(companyId: number, area: string): void {
    this.drop(companyId, area);
    this.bus?.emit([{ t: 'cnt', c: companyId, a: area }]);
  }

  private drop(companyId: number, area: string) {
    const prefix = `${companyId}\u0000${area}\u0000`;
    this.entries.deleteWhere((k) => k.startsWith(prefix));
  }
}
