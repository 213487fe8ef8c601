import { BoundedCache } from './bounded-cache.js';
import type { CompanyVersions } from './company-versions.js';

/**
 * Answers of the aggregate views (workbench, data view) per company and question. An answer is reused while the
 * company's data version is the one it was computed under (CompanyVersions 'data': console writes and stored
 * visitor events) and for at most `ttlMs`, the bound for changes made through another server copy. So a view
 * opened by many staff members while nothing changes costs one computation; any change shows at the next call.
 */
export class AnswerCache {
  private readonly entries: BoundedCache<string, { value: unknown; version: number; until: number }>;
  private readonly inFlight = new Map<string, { version: number; promise: Promise<unknown> }>();

  constructor(
    private readonly versions: CompanyVersions,
    private readonly ttlMs = 5_000,
    maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new BoundedCache(maxEntries);
  }

  /**
   * `open`: a route without a session (the public data view), whose request no session check made wait for the
   * other server copies' notices: it waits here (CompanyVersions.settle) before it reuses an answer kept or being
   * computed, so a change another copy has confirmed is not answered stale. Nothing to reuse: no wait.
   */
  async get<T>(companyId: number, key: string, compute: () => Promise<T>, opts: { open?: boolean } = {}): Promise<T> {
    const id = `${companyId}\u0000${key}`;
    if (opts.open && (this.entries.get(id) || this.inFlight.has(id))) await this.versions.settle();
    const version = this.versions.of(companyId, 'data');
    const hit = this.entries.get(id);
    if (hit && hit.version === version && hit.until > this.now()) return hit.value as T;
    const running = this.inFlight.get(id);
    if (running && running.version === version) return running.promise as Promise<T>;
    const promise = compute();
    this.inFlight.set(id, { version, promise });
    try {
      const value = await promise;
      this.entries.set(id, { value, version, until: this.now() + this.ttlMs });
      return value;
    } finally {
      if (this.inFlight.get(id)?.promise === promise) this.inFlight.delete(id);
    }
  }
}
