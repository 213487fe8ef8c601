/**
 * The one bounded map under the server's caches (answers, reply bodies, list totals, sessions, share pages, page
 * positions, menus): entries in insertion order, the oldest dropped first once the total weight (1 per entry unless
 * `weigh` says otherwise, e.g. bytes) would pass `max`. Freshness (versions, expiry) is the caller's: it stores it
 * in the value and `delete`s what it finds stale.
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  private total = 0;

  constructor(
    private readonly max: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The summed weight of the entries (their count unless `weigh` was given). */
  get weight(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Stores the value as the newest entry, then drops the oldest ones until the weight is within `max`. */
  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    this.total += this.weigh(value);
    for (const [k, v] of this.map) {
      if (this.total <= this.max || k === key) break;
      this.map.delete(k);
      this.total -= this.weigh(v);
    }
  }

  delete(key: K): void {
    const old = this.map.get(key);
    if (old === undefined && !this.map.has(key)) return;
    this.map.delete(key);
    this.total -= this.weigh(old as V);
  }

  /** Drops every entry that passes the test. */
  deleteWhere(test: (key: K, value: V) => boolean): void {
    for (const [k, v] of [...this.map]) if (test(k, v)) this.delete(k);
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}
