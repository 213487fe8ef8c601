/** Fixtures of tests that feed the tracking ingest (`ports.radar.record`) as share pages do. */
import { EVENT_KIND } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.js';
import type { ShareInfo, TrackedEvent } from '../src/ports/index.js';
import type { TestApp } from './app.js';

/** A phone's browser, as the share pages' visitors send it (the beacon ignores requests without one, and bots). */
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** An active share, as the ingest sees it: of an article unless `fields` say otherwise (they say whose, of what). */
export const testShare = (fields: Omit<ShareInfo, 'kind' | 'active'> & Partial<ShareInfo>): ShareInfo => ({
  kind: EVENT_KIND.article,
  active: true,
  ...fields,
});

/** A view of `share` by the visitor `visitorKey` at `at`, from a test client; `over` changes any field. */
export const viewOf = (
  share: ShareInfo,
  visitorKey: string,
  at: Date,
  over: Partial<TrackedEvent> = {},
): TrackedEvent => ({
  share,
  visitorKey,
  action: 'view',
  kind: share.kind,
  ip: '127.0.0.1',
  userAgent: 'test',
  at,
  ...over,
});

/**
 * A test file's share (staff1's, of company A, unless `over` says otherwise) and what is done with it: `ev` a view
 * of it at a moment (ms), `viewNow` one now, `record` events through the ingest, `visitorId` the stored id of a
 * visitor key.
 */
export function trackingFixtures(t: TestApp, article: { code: string; contentId: number; title: string }) {
  const share = (over: Partial<ShareInfo> = {}): ShareInfo =>
    testShare({ companyId: t.ids.companyA, sharerId: t.ids.staff1, ...article, ...over });
  return {
    share,
    ev: (visitorKey: string, at: number, over: Partial<TrackedEvent> = {}) =>
      viewOf(share(), visitorKey, new Date(at), over),
    viewNow: (visitorKey: string, over: Partial<TrackedEvent> = {}) => viewOf(share(), visitorKey, new Date(), over),
    record: (events: TrackedEvent[]) => Promise.all(events.map((e) => t.app.ports.radar.record(e))),
    async visitorId(key: string): Promise<number> {
      const [row] = rowsOf<{ id: number }>(
        await t.app.db.execute(sql`select id from visitors where visitor_key = ${key}`),
      );
      return row.id;
    },
  };
}
