import { BoundedCache } from '../../lib/bounded-cache.js';
import type { CompanyVersions } from '../../lib/company-versions.js';
import type { CountCache } from '../../lib/count-cache.js';

/**
 * Where pages of the unfiltered list start: the sort key of a page's first row (in the default order its activity
 * time as text, to the microsecond, and id; by score its rank and id), per company, order, scope and offset, kept
 * while the company's data version is unchanged (any visitor change moves it: ingest batches and console writes)
 * and for at most `keepMs` (PAGE_START_MS, 10 s; 0 keeps none, and every page by number walks its offset, as a
 * first read does). A page whose start is known is read with a keyset seek instead of skipping `offset` rows; serving
 * page N also records where page N+1 starts, so paging forward seeks too. The rows are the same as OFFSET gives,
 * since nothing changed in between.
 */
export class PagePositions {
  private readonly map = new BoundedCache<string, { seen: string; id: number; version: number; until: number }>(20_000);
  constructor(
    private readonly versions: CompanyVersions,
    private readonly keepMs: number,
  ) {}
  /** The company's data version now (a position is good while it holds). */
  version(companyId: number): number {
    return this.versions.of(companyId, 'data');
  }
  get(key: string, version: number) {
    const p = this.map.get(key);
    return p && p.version === version && p.until > Date.now() ? p : undefined;
  }
  set(key: string, version: number, seen: string, id: number) {
    if (this.keepMs > 0) this.map.set(key, { seen, id, version, until: Date.now() + this.keepMs });
  }
  /** Records where a page served at `offset` starts (its first row) and where the next starts (the row after it). */
  record(
    scope: string,
    offset: number,
    pageSize: number,
    version: number,
    first: { seen: string; id: number } | undefined,
    next: { seen: string; id: number } | undefined,
  ) {
    if (first) this.set(`${scope}:${offset}`, version, first.seen, first.id);
    if (next) this.set(`${scope}:${offset + pageSize}`, version, next.seen, next.id);
  }
}

/** What the console's visitor list reuses between calls (app.ts builds one per app; exports read without it). */
export interface VisitorPaging {
  positions: PagePositions;
  totals: CountCache;
}
