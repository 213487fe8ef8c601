/** What one copy tells the others about a key (see RateLimiter's `share`): its hits since it last told. */
interface SharedHits {
  key: string;
  /** Hits counted here since the last report. */
  hits: number;
  /** When this copy's window of the key ends. */
  resetAt: number;
}

/** Adds the hits to the shared windows (table rate_limits) and answers each key's total in its shared window. */
export type ShareHits = (batch: SharedHits[], now: number) => Promise<Map<string, number>>;

interface Window {
  count: number;
  resetAt: number;
  /** Hits of this window already reported to the other copies (share). */
  told: number;
  /** Hits the other copies counted in the shared window, as last heard. */
  others: number;
}

/** How often a copy reports its busy keys' hits (share), and so how late it may hear of the others'. */
export const SHARE_EVERY_MS = 200;

/**
 * Fixed-window counters kept in memory. A window always ends, so a limit can slow an attacker but never lock a
 * victim out for good.
 *
 * With `share` (several server copies on one PostgreSQL), a key is counted across copies once it is busy: from a
 * sixth of its limit, its hits are reported every SHARE_EVERY_MS in one statement for all such keys, and the answer
 * (the key's hits in every copy) counts against the limit here. A visitor's few beacons never leave the process (the
 * hot path asks no database), while a client that floods several copies is stopped near the limit rather than at
 * the limit times the number of copies: at most each copy's sixth before it reports, plus what it lets through
 * before it hears the others. No copy ever lets through more than the limit on its own.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;
  /** Busy keys with hits not yet reported. */
  private readonly unsaid = new Set<string>();
  private telling?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly share?: ShareHits,
    private readonly onShareError: (err: unknown) => void = () => {},
  ) {
    if (share) {
      this.timer = setInterval(() => void this.tell(), SHARE_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Stops reporting (the server closes). */
  close(): void {
    clearInterval(this.timer);
  }

  /** Counts one hit; answers false when `limit` hits were already counted in the window. */
  hit(key: string, limit: number, windowMs: number): boolean {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      // A new window goes to the end of the map (insertion order), so the map's head holds the oldest windows.
      if (w) this.windows.delete(key);
      else this.sweep(now);
      const fresh = { count: 1, resetAt: now + windowMs, told: 0, others: 0 };
      this.windows.set(key, fresh);
      this.noteBusy(key, fresh, limit);
      return true;
    }
    if (w.count + w.others >= limit) return false;
    w.count += 1;
    this.noteBusy(key, w, limit);
    return true;
  }

  /** A key from a sixth of its limit is counted with the other copies (share). */
  private noteBusy(key: string, w: Window, limit: number) {
    if (this.share && w.count * 6 >= limit) this.unsaid.add(key);
  }

  /**
   * Reports the busy keys' new hits and hears each one's total in every copy; one report at a time. A report that
   * fails is not sent again: the hits stay counted here, as without sharing.
   */
  async tell(): Promise<void> {
    if (!this.share || this.telling || !this.unsaid.size) return this.telling;
    const batch: SharedHits[] = [];
    const sent = new Map<string, { w: Window; told: number }>();
    for (const key of this.unsaid) {
      const w = this.windows.get(key);
      if (!w || w.count <= w.told) continue;
      batch.push({ key, hits: w.count - w.told, resetAt: w.resetAt });
      w.told = w.count;
      sent.set(key, { w, told: w.told });
    }
    this.unsaid.clear();
    if (!batch.length) return;
    this.telling = this.share(batch, this.now())
      .then((totals) => {
        for (const [key, total] of totals) {
          const s = sent.get(key);
          // The window may have ended and started again meanwhile: its count starts from zero, others too.
          if (s && this.windows.get(key) === s.w) s.w.others = Math.max(0, total - s.told);
        }
      })
      .catch(this.onShareError)
      .finally(() => {
        this.telling = undefined;
      });
    return this.telling;
  }

  /** True when the key is at its limit, without counting. */
  blocked(key: string, limit: number): boolean {
    const w = this.windows.get(key);
    return !!w && w.resetAt > this.now() && w.count + w.others >= limit;
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
