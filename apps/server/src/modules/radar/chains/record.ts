/**
 * Forwarding chains at ingest: a view that came through a forwarded link (`/s/<code>?f=<token>`) records the
 * forwarder as the visitor's parent in the share's tree, one level below the forwarder.
 *
 * Ignored (the view counts as a direct one): a token that does not open for this share (forged, another share, an
 * old server secret), a token of another company, the visitor's own token, a forwarder who never opened the share,
 * a visitor who had opened the share before (they keep their place), a parent that would close a loop, and chains
 * deeper than MAX_FORWARD_DEPTH.
 */
import { MAX_FORWARD_DEPTH } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client.js';
import type { ShareInfo, TrackedEvent } from '../../../ports/index.js';
import { keptKey } from '../merge/aliases.js';
import type { ForwardSeal } from './token.js';

/** The action of the behaviour event recorded for a forwarder (the score hooks to it: kind = the share's kind). */
const FORWARD_ACTION = 'forward';

type Record_ = (e: TrackedEvent) => Promise<void>;

/** The token a visitor's forwarded link of this share carries. */
export const forwardToken = (seal: ForwardSeal, share: ShareInfo, visitorKey: string) =>
  seal.seal(share.code, { companyId: share.companyId, visitorKey });

/** Whether the visitor of this key has a stored view of this share. */
export async function openedShare(db: DbOrTx, share: ShareInfo, visitorKey: string): Promise<boolean> {
  const c = share.companyId;
  const [row] = rowsOf<{ opened: boolean }>(
    await db.execute(sql`select exists (select 1 from visitors v join behavior_events e
        on e.company_id = v.company_id and e.visitor_id = v.id
      where v.company_id = ${c} and v.visitor_key = ${keptKey(c, visitorKey)} and e.share_code = ${share.code}
        and e.action = 'view') as opened`),
  );
  return row?.opened === true;
}

/**
 * Records a view that arrived with `?f=<token>`: the view itself always, and the visitor's place under the forwarder
 * when the token holds. Resolves once both are stored.
 */
export async function forwardedView(
  db: DbOrTx,
  seal: ForwardSeal,
  record: Record_,
  event: TrackedEvent,
  token: string,
): Promise<void> {
  const f = seal.open(event.share.code, token);
  if (!f || f.companyId !== event.share.companyId || f.visitorKey === event.visitorKey) return record(event);
  const c = event.share.companyId;
  const code = event.share.code;
  // A visitor who opened this share before keeps the place they have (direct or through an earlier forward).
  const [prior] = rowsOf<{ seen: boolean }>(
    await db.execute(sql`select (
        exists (select 1 from behavior_events e where e.company_id = ${c} and e.visitor_id = v.id and e.share_code = ${code})
        or exists (select 1 from share_forwards s where s.company_id = ${c} and s.share_code = ${code} and s.visitor_id = v.id)
      ) as seen
      from visitors v where v.company_id = ${c} and v.visitor_key = ${keptKey(c, event.visitorKey)}`),
  );
  await record(event);
  if (prior?.seen) return;
  await attach(db, record, event, f.visitorKey);
}

async function attach(db: DbOrTx, record: Record_, event: TrackedEvent, parentKey: string) {
  const c = event.share.companyId;
  const code = event.share.code;
  // Each browser's lead, through a merge (merge/aliases.ts): two browsers of one lead are no forward.
  const [found] = rowsOf<{ child: number | null; parent: number | null }>(
    await db.execute(sql`select
      (select id from visitors where company_id = ${c} and visitor_key = ${keptKey(c, event.visitorKey)}) as child,
      (select id from visitors where company_id = ${c} and visitor_key = ${keptKey(c, parentKey)}) as parent`),
  );
  const child = found?.child;
  const parent = found?.parent;
  if (!child || !parent || child === parent) return;
  // One placement at a time per share, the checks and the insert in one transaction: two visitors opening each
  // other's links at the same moment (or two server copies) both passed the loop check before either row was written.
  const placed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`forward:${c}:${code}`}))`);
    // The forwarder's level: its own place in the tree, else 1 when it opened the sharer's link itself.
    const [p] = rowsOf<{ depth: number | null; opened: boolean }>(
      await tx.execute(sql`select
        (select depth from share_forwards where company_id = ${c} and share_code = ${code} and visitor_id = ${parent}) as depth,
        exists (select 1 from behavior_events where company_id = ${c} and visitor_id = ${parent} and share_code = ${code}) as opened`),
    );
    const parentDepth = p?.depth ?? (p?.opened ? 1 : 0);
    if (!parentDepth || parentDepth >= MAX_FORWARD_DEPTH) return false;
    // A parent among the visitor's own descendants would close a loop.
    const [loop] = rowsOf<{ one: number }>(
      await tx.execute(sql`with recursive up(id, n) as (
        select ${parent}::int, 0
        union all
        select f.parent_visitor_id, up.n + 1 from share_forwards f join up
          on f.company_id = ${c} and f.share_code = ${code} and f.visitor_id = up.id
        where up.n < ${MAX_FORWARD_DEPTH + 1})
      select 1 as one from up where id = ${child} limit 1`),
    );
    if (loop) return false;
    const inserted = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into share_forwards (company_id, share_code, visitor_id, parent_visitor_id, depth)
      values (${c}, ${code}, ${child}, ${parent}, ${parentDepth + 1})
      on conflict (company_id, share_code, visitor_id) do nothing returning id`),
    );
    return inserted.length > 0;
  });
  if (!placed) return;
  // The forward happened (WeChat's own menu, a copied link): the forwarder gets its forward event once per share.
  const [fw] = rowsOf<{ done: boolean }>(
    await db.execute(sql`select exists (select 1 from behavior_events where company_id = ${c}
      and visitor_id = ${parent} and share_code = ${code} and action = ${FORWARD_ACTION}) as done`),
  );
  if (!fw?.done)
    await record({
      share: event.share,
      visitorKey: parentKey,
      action: FORWARD_ACTION,
      kind: event.share.kind,
      ip: '',
      userAgent: '',
      at: new Date(),
    });
}
