import { BoundedCache } from './bounded-cache.js';
import type { CompanyVersions } from './company-versions.js';

export type ReplyDependsOn = 'console' | 'data';

interface Entry {
  /**
   * UTF-8, encoded once: a hit is written as it is (re-encoding an 8 KB answer on every hit showed in its CPU
   * profile: bench/results/2026-11-26-issue20-compare.md).
   */
  body: Buffer;
  version: number;
  until: number;
}

/**
 * Serialised answers of list and detail reads, per caller and request (company, user, method, address, body). An
 * answer is sent again while the company's version it depends on is unchanged — `console`: console writes; `data`:
 * console writes and stored visitor events — and for at most `ttlMs`, the bound for changes made through another
 * server copy. Keyed by user, so no answer ever reaches another caller; bounded in bytes, oldest first out.
 */
export class ReplyCache {
  private readonly entries: BoundedCache<string, Entry>;

  constructor(
    private readonly versions: CompanyVersions,
    readonly ttlMs: number,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new BoundedCache(maxBytes, (e) => e.body.length);
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The version an answer computed now would be stored under (read it before computing). */
  version(companyId: number, dependsOn: ReplyDependsOn): number {
    return this.versions.of(companyId, dependsOn);
  }

  get(companyId: number, dependsOn: ReplyDependsOn, key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.version === this.versions.of(companyId, dependsOn) && hit.until > this.now()) return hit.body;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, version: number, body: string): void {
    if (!this.enabled) return;
    const bytes = Buffer.from(body);
    if (bytes.length > this.maxBytes / 8) return;
    this.entries.set(key, { body: bytes, version, until: this.now() + this.ttlMs });
  }
}
