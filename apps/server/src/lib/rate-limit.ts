/**
 * Fixed-window counters kept in memory. A window always ends, so a limit can slow an attacker but
 * never lock a victim out for good. With several server copies each keeps its own counts.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit; answers false when `limit` hits were already counted in the window. */
  hit(key: string, limit: number, windowMs: number): boolean {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      // A new window goes to the end of the map (insertion order), so the map's head holds the oldest windows.
      if (w) this.windows.delete(key);
      else this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return true;
    }
    if (w.count >= limit) return false;
    w.count += 1;
    return true;
  }

  /** True when the key is at its limit, without counting. */
  blocked(key: string, limit: number): boolean {
    const w = this.windows.get(key);
    return !!w && w.resetAt > this.now() && w.count >= limit;
  }

  /** Seconds until the key's window ends (0 when it is not counted). */
  retryAfter(key: string): number {
    const w = this.windows.get(key);
    const ms = w ? w.resetAt - this.now() : 0;
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /**
   * Makes room for a new key. Ended windows are dropped at most once a second once there are many (a campaign
   * brings a new visitor key per request: sweeping on every new key made each hit cost a pass over all of them).
   * A full map (MAX_KEYS) drops its oldest tenth at once instead: under a flood of new keys no window has ended
   * yet, and a pass over all of them every second found nothing to drop.
   */
  private sweep(now: number): void {
    if (this.windows.size >= RateLimiter.MAX_KEYS) {
      let drop = RateLimiter.MAX_KEYS / 10;
      for (const k of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(k);
      }
      return;
    }
    if (this.windows.size < 10_000 || now < this.nextSweep) return;
    this.nextSweep = now + 1_000;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }

  static readonly MAX_KEYS = 200_000;
}
