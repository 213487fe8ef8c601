import type { ClusterBus } from '../cluster/bus.js';

/**
 * Numbers per company that change when the company's data changes, for caches to compare (a cached answer keeps
 * the number it was computed under and is stale once the number moved):
 * - `console`: any successful console write of someone of the company (any authenticated request that is not a
 *   read). Share pages depend only on these.
 * - `data`: console writes and stored visitor events (every ingest batch). Statistics depend on these.
 * A bump moves this process's number at once and is sent to every other server copy over the cluster bus, which
 * moves theirs when it arrives (bumps of one event-loop turn travel in one notification); a copy applies every
 * bump committed before a request arrived before it consults a cache (`ClusterBus.sync`), and caches also keep a
 * time limit. `invalidateAll` moves every company's number (a copy that may have missed bumps).
 */
const DONE = Promise.resolve();

export class CompanyVersions {
  private readonly console = new Map<number, number>();
  private readonly events = new Map<number, number>();
  private epoch = 0;
  private consoleChanges = 0;

  constructor(
    private readonly bus?: ClusterBus,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    bus?.subscribe((events, fromSelf) => {
      if (fromSelf) return;
      for (const e of events) if (e.t === 'ver') this.apply(e.c, e.k);
    });
  }

  /**
   * The company's number now. While this copy may be missing notices (its listening connection is lost: the bus is
   * not `listening`), NaN: it equals nothing, so no cached answer is served and none is kept under it.
   */
  of(companyId: number, kind: 'console' | 'data' = 'console'): number {
    if (this.bus && !this.bus.listening) return Number.NaN;
    const c = this.epoch + (this.console.get(companyId) ?? 0);
    return kind === 'console' ? c : c + (this.events.get(companyId) ?? 0);
  }

  /**
   * A number that moves with every company's console change (and `invalidateAll`): a cache that learns the company
   * of what it loads only from the load reads it before, and keeps nothing if it moved meanwhile (the version it
   * would read afterwards may already count a change the load did not see).
   */
  changes(): number {
    return this.epoch + this.consoleChanges;
  }

  /**
   * Resolves once the other copies can see the bump (its notification is committed; their next request's sync
   * applies it): a console write waits for it before answering, so a list it reloads on another copy is fresh.
   * Never rejects (a failed notice is logged; the caches' time limit bounds it).
   */
  bump(companyId: number, by: 'console' | 'events' = 'console'): Promise<void> {
    this.apply(companyId, by);
    if (!this.bus || this.bus.kind === 'local') return DONE;
    return this.bus.publish([{ t: 'ver', c: companyId, k: by }]).catch((err) => this.onError(err));
  }

  /**
   * Resolves once every bump committed before the call has reached this copy (a round trip on the bus's listening
   * connection, shared by the callers of the moment; nothing to wait for on one process). Console requests get it
   * from their session check (SessionStore.resolve); public routes, which have none, run it before they serve a
   * cached answer, so what another copy has confirmed deleted or stopped is never served from this copy's cache.
   */
  settle(): Promise<void> {
    return this.bus?.kind === 'postgres' ? this.bus.sync() : DONE;
  }

  /** Every company's number moves: every cached answer of this process is stale. */
  invalidateAll(): void {
    this.epoch++;
  }

  private apply(companyId: number, by: 'console' | 'events') {
    const map = by === 'console' ? this.console : this.events;
    map.set(companyId, (map.get(companyId) ?? 0) + 1);
    if (by === 'console') this.consoleChanges++;
  }
}
