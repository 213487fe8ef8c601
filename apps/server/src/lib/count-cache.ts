import { BoundedCache } from './bounded-cache.js';

/**
 * Totals of long lists (DESIGN §5). A page's rows are always read fresh, but an exact `count(*)` over a company's
 * hundreds of thousands of visitors or messages costs more than the page itself and is paid again on every page
 * turn. A total at or above `large` rows is therefore reused for `ttlMs`; smaller totals are counted every time, so
 * a short list never shows a stale number. Writes that change a list call `forget(companyId, area)` so this
 * process shows the new total at once; another server copy shows it within `ttlMs`.
 */
export class CountCache {
  private readonly entries: BoundedCache<string, { n: number; until: number }>;
  private readonly inFlight = new Map<string, Promise<number>>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly large = 10_000,
    maxEntries = 20_000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new BoundedCache(maxEntries);
  }

  /** The total of `area` in `companyId` for the filter `key` (everything else that shapes the count). */
  async total(companyId: number, area: string, key: unknown, count: () => Promise<number>): Promise<number> {
    const id = `${companyId}\u0000${area}\u0000${JSON.stringify(key)}`;
    const hit = this.entries.get(id);
    if (hit && hit.until > this.now()) return hit.n;
    // Concurrent page loads of one big list share one count.
    const running = this.inFlight.get(id);
    if (running) return running;
    const p = count().finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, p);
    const n = await p;
    if (n >= this.large) {
      this.entries.set(id, { n, until: this.now() + this.ttlMs });
    } else {
      this.entries.delete(id);
    }
    return n;
  }

  /** Drops every cached total (a server copy that may have missed changes made elsewhere). */
  clear(): void {
    this.entries.clear();
  }

  /** Drops the cached totals of one area of a company (after a write that adds or removes rows). */
  forget(companyId: number, area: string): void {
    const prefix = `${companyId}\u0000${area}\u0000`;
    this.entries.deleteWhere((k) => k.startsWith(prefix));
  }
}
