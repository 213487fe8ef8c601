import type { LeadMerge } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { trackingFixtures } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';
import { VisitMemo } from './visit-memo.js';

// The ingest answers a returning visitor's probes from what this copy stored (visit-memo.ts); what is scored must be
// what the stored rows alone would give.
const {
  t,
  tokens: [admin],
} = await appForFile(['admin']);
const { ev, record, visitorId } = trackingFixtures(t, {
  code: 'memo-code-1',
  contentId: 7301,
  title: '门店数字化指南',
});

const MIN = 60_000;
const read = { action: 'read' as const, durationMs: 45_000 };

/** The visitor's scorings, oldest first: code and minutes after `from`. */
async function scorings(id: number, from: number) {
  return rowsOf<{ code: string; ts: string | Date }>(
    await t.app.db.execute(sql`select code, ts from lead_score_events where visitor_id = ${id} order by ts, code`),
  ).map((r) => `${r.code}@${Math.round((new Date(r.ts).getTime() - from) / MIN)}`);
}

describe('scoring a returning visitor, batch after batch', () => {
  it('counts a visit’s window from the read that scored, not from the last beacon of the visit', async () => {
    const t0 = Date.now() - 2 * 60 * MIN;
    await record([ev('memo-read', t0)]);
    await record([ev('memo-read', t0 + MIN, read)]);
    // 20 min after the scored read: the same visit.
    await record([ev('memo-read', t0 + 20 * MIN, read)]);
    // 33 min after the scored read (13 after the last beacon): a new visit's read.
    await record([ev('memo-read', t0 + 33 * MIN, read)]);
    expect(await scorings(await visitorId('memo-read'), t0)).toEqual(['open_article@0', 'read30@1', 'read30@33']);
  });

  it('counts a reload from the last view stored, and a view 30 min after it as a new open', async () => {
    const t0 = Date.now() - 4 * 60 * MIN;
    await record([ev('memo-view', t0)]);
    await record([ev('memo-view', t0 + 10 * MIN)]);
    await record([ev('memo-view', t0 + 35 * MIN)]);
    await record([ev('memo-view', t0 + 70 * MIN)]);
    // Each view is within 30 min of the one before but the last: two opens, and the second is a return.
    expect(await scorings(await visitorId('memo-view'), t0)).toEqual([
      'open_article@0',
      'open_article@70',
      'return24h@70',
    ]);
  });

  it('scores a browser again once a merge of its lead is undone, though it scored under the kept lead', async () => {
    const t0 = Date.now() - 60 * MIN;
    await record([ev('memo-kept', t0 - 30 * MIN)]);
    await record([ev('memo-merged', t0 - 20 * MIN)]);
    const [kept, merged] = [await visitorId('memo-kept'), await visitorId('memo-merged')];
    const res = await t.call(admin, { method: 'POST', url: '/api/cus/merge/Merge', payload: { a: kept, b: merged } });
    expect(res.statusCode, res.body).toBe(200);
    // The merged lead's browser reads: the kept lead's read.
    await record([ev('memo-merged', t0, read)]);
    expect(await scorings(kept, t0)).toContain('read30@0');
    const undo = await t.call(admin, {
      method: 'POST',
      url: `/api/cus/merge/Undo/${(res.json() as LeadMerge[])[0].id}`,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    // Five minutes later the browser is its own lead's again, which has no read in this visit: it scores.
    await record([ev('memo-merged', t0 + 5 * MIN, read)]);
    expect(await scorings(merged, t0)).toEqual(['open_article@-20', 'read30@5']);
  });
});

describe('VisitMemo', () => {
  it('keeps its newest entries up to its size', () => {
    const memo = new VisitMemo(2);
    memo.viewed(1, 'a', 1, 5, 10, 1_000);
    memo.viewed(1, 'b', 1, 5, 11, 1_000);
    memo.viewed(1, 'a', 1, 5, 10, 2_000);
    memo.viewed(1, 'c', 1, 5, 12, 1_000);
    expect(memo.size).toBe(2);
    expect(memo.reloadOf(1, 'a', 1, 5, 2_000)).toBe(10);
    expect(memo.reloadOf(1, 'b', 1, 5, 1_000)).toBeNull();
    expect(memo.reloadOf(1, 'c', 1, 5, 1_000)).toBe(12);
  });
});
