/**
 * What this server copy's committed ingest batches stored lately, by browser: the last view of each content and the
 * last once-per-visit scoring of each code and content, each with the id of the visitor it was stored under.
 *
 * Scoring's conditions probe the stored rows (score-sql.ts: `behavior_events` for a reload, `lead_score_events` for
 * a code already scored in the visit). A returning visitor's later beacons of one visit (each read beacon after the
 * first, each reload) are most of the tracking's events, and each cost the ingest statement an index probe that this
 * copy could answer from what it stored itself a few seconds before. A candidate the memo answers carries the id
 * (`known`) and the statement drops it without the probe when the visitor is still stored under that id.
 *
 * The memo only ever says "a row is stored": it learns from a batch after its commit, and only what the batch
 * stored (the kept scorings come back from the statement). A row another copy stored is not in it, so the probe
 * runs as before; another copy cannot take a stored row away inside the visit's window but by a merge or its undo,
 * which stores the visitor under another id (the statement compares the id). It is a cache of committed rows, not
 * state another copy must see.
 */
import { ONCE_WINDOW_MIN, VISIT_GAP_MIN } from './visit-windows.js';

const MINUTE = 60_000;
/** Entries kept (the oldest written goes first); a browser's visit needs two or three. */
const MAX_ENTRIES = 50_000;

interface Stored {
  /** The visitor id the row was stored under. */
  v: number;
  /** The latest stored row's time (epoch ms). */
  ts: number;
}

export class VisitMemo {
  private readonly entries = new Map<string, Stored>();

  constructor(private readonly max = MAX_ENTRIES) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The visitor id under which a view of the content (the share's kind and content, as the statement's reload probe
   * compares them) is stored at most VISIT_GAP_MIN minutes before `ts` or up to a minute after: the view at `ts` is a
   * reload. Null: not known here (the statement probes).
   */
  reloadOf(companyId: number, key: string, kind: number, contentId: number | null, ts: number): number | null {
    const s = this.entries.get(viewKey(companyId, key, kind, contentId));
    return s && s.ts >= ts - VISIT_GAP_MIN * MINUTE && s.ts <= ts + MINUTE ? s.v : null;
  }

  /**
   * The visitor id under which `code` of the content (`c`, 0 none) and event kind `k` is stored less than
   * ONCE_WINDOW_MIN minutes before `ts` or up to a minute after: the candidate at `ts` is the same visit's. Null: not
   * known here.
   */
  scoredOf(companyId: number, key: string, code: string, c: number, k: number, ts: number): number | null {
    const s = this.entries.get(onceKey(companyId, key, code, String(c), String(k)));
    return s && s.ts > ts - ONCE_WINDOW_MIN * MINUTE && s.ts <= ts + MINUTE ? s.v : null;
  }

  /** A view stored under visitor `v` at `ts` (its event's kind and its share's content). */
  viewed(companyId: number, key: string, kind: number, contentId: number | null, v: number, ts: number) {
    this.put(viewKey(companyId, key, kind, contentId), v, ts);
  }

  /** A once-per-visit scoring stored under visitor `v` at `ts` (`c` and `k` as its stored reason says them). */
  scored(companyId: number, key: string, code: string, c: string, k: string, v: number, ts: number) {
    this.put(onceKey(companyId, key, code, c, k), v, ts);
  }

  private put(key: string, v: number, ts: number) {
    const old = this.entries.get(key);
    if (old && old.v === v && old.ts >= ts) return;
    // Written again, it moves to the end: the oldest written is the first dropped.
    this.entries.delete(key);
    this.entries.set(key, { v, ts });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}

const viewKey = (companyId: number, key: string, kind: number, contentId: number | null) =>
  `${companyId}\u0000${key}\u0000view\u0000${contentId ?? ''}\u0000${kind}`;

const onceKey = (companyId: number, key: string, code: string, c: string, k: string) =>
  `${companyId}\u0000${key}\u0000${code}\u0000${c}\u0000${k}`;
