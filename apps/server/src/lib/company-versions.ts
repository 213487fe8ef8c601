/**
 * Numbers per company that change when the company's data changes, for caches to compare (a cached answer keeps
 * the number it was computed under and is stale once the number moved):
 * - `console`: any successful console write of someone of the company (any authenticated request that is not a
 *   read). Share pages depend only on these.
 * - `data`: console writes and stored visitor events (every ingest batch). Statistics depend on these.
 * Bumps are seen by this process only: caches also keep a time limit, the bound for another server copy.
 */
export class CompanyVersions {
  private readonly console = new Map<number, number>();
  private readonly events = new Map<number, number>();

  of(companyId: number, kind: 'console' | 'data' = 'console'): number {
    const c = this.console.get(companyId) ?? 0;
    return kind === 'console' ? c : c + (this.events.get(companyId) ?? 0);
  }

  bump(companyId: number, by: 'console' | 'events' = 'console'): void {
    const map = by === 'console' ? this.console : this.events;
    map.set(companyId, (map.get(companyId) ?? 0) + 1);
  }
}
