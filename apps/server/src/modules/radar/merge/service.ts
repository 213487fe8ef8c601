/**
 * Identity merge of leads: the newer lead is merged into the older (its id is kept). Everything of the newer lead
 * moves (mergeSteps), the kept lead takes the fields it lacked, the newer lead's row is removed and kept whole in
 * `lead_merges.before`, so that an undo (within MERGE_UNDO_DAYS) puts both back as they were.
 */
import { type LeadMerge, MERGE_UNDO_DAYS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { rowsOf } from '../../../db/client.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { lockIngestLanes } from '../ingest.js';
import { mergeSteps } from './steps.js';

/** Text fields the kept lead takes from the merged one when it has none. */
const FILLED = ['nickname', 'headimgurl', 'phone', 'tel', 'company', 'position', 'description'] as const;

type VisitorJson = Record<string, unknown> & { id: number; visitor_key: string };

/** Changes the merge made to the kept lead: column → [before, after] (undo restores a column still at `after`). */
type KeptChanges = Record<string, [unknown, unknown]>;

/** Merges `mergedId` into `keptId` (both of the company) in the caller's transaction; answers the merge's id. */
export async function mergeInto(
  tx: Tx,
  companyId: number,
  keptId: number,
  mergedId: number,
  reason: LeadMerge['reason'],
  byUserId: number | null,
): Promise<number> {
  // The ingest's lanes first, then the rows: no batch re-creates the merged visitor under the merge (ingest.ts).
  await tx.execute(lockIngestLanes());
  const rows = rowsOf<{ row: VisitorJson }>(
    await tx.execute(sql`select to_jsonb(v) as row from visitors v where company_id = ${companyId}
      and id in (${keptId}, ${mergedId}) order by id for update`),
  );
  const kept = rows.find((r) => r.row.id === keptId)?.row;
  const merged = rows.find((r) => r.row.id === mergedId)?.row;
  if (!kept || !merged) throw notFound('访客不存在');
  const moved: Record<string, unknown> = {};
  for (const step of mergeSteps()) moved[step.name] = await step.merge(tx, companyId, keptId, mergedId);

  const changes: KeptChanges = {};
  for (const col of FILLED) if (!kept[col] && merged[col]) changes[col] = [kept[col], merged[col]];
  if (kept.unionid == null && merged.unionid != null) changes.unionid = [null, merged.unionid];
  if (kept.owner_id == null && merged.owner_id != null) changes.owner_id = [null, merged.owner_id];
  const [t] = rowsOf<{ first: string; last: string; kf: string; kl: string }>(
    await tx.execute(sql`select least(${kept.first_seen_at}::timestamptz, ${merged.first_seen_at}::timestamptz)::text as first,
      greatest(${kept.last_seen_at}::timestamptz, ${merged.last_seen_at}::timestamptz)::text as last,
      ${kept.first_seen_at}::timestamptz::text as kf, ${kept.last_seen_at}::timestamptz::text as kl`),
  );
  if (t.first !== t.kf) changes.first_seen_at = [t.kf, t.first];
  if (t.last !== t.kl) changes.last_seen_at = [t.kl, t.last];
  await setColumns(tx, companyId, keptId, changes, 1);
  await tx.execute(sql`delete from visitors where company_id = ${companyId} and id = ${mergedId}`);
  const [m] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into lead_merges (company_id, kept_id, merged_id, reason, by_user_id, before, moved)
      values (${companyId}, ${keptId}, ${mergedId}, ${reason}, ${byUserId},
        ${JSON.stringify({ kept, merged, changes })}::jsonb, ${JSON.stringify(moved)}::jsonb) returning id`),
  );
  return m.id;
}

const ident = (col: string) => sql.raw(`"${col.replace(/"/g, '""')}"`);

/** Sets each changed column to its value at `side` (1: after the merge); on undo (0) only where it is still `after`. */
async function setColumns(tx: Tx, companyId: number, id: number, changes: KeptChanges, side: 0 | 1) {
  for (const [col, pair] of Object.entries(changes)) {
    const to = pair[side];
    const value = col.endsWith('_at') ? sql`${to}::timestamptz` : sql`${to}`;
    const still =
      side === 0
        ? col.endsWith('_at')
          ? sql`and ${ident(col)} = ${pair[1]}::timestamptz`
          : sql`and ${ident(col)} is not distinct from ${pair[1]}`
        : sql``;
    await tx.execute(
      sql`update visitors set ${ident(col)} = ${value} where company_id = ${companyId} and id = ${id} ${still}`,
    );
  }
}

/** The undo's 409 when the kept lead was merged into another since. */
export const KEPT_MERGED_AGAIN = '保留的线索之后又被合并，请先撤销之后的合并';

/** Undoes a merge: the merged lead comes back with its id, and everything that moved moves back. */
export async function undoMerge(db: Db, companyId: number, mergeId: number, byUserId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // As a merge: every ingest lane first, then rows (a batch storing the kept lead, from either browser, commits
    // first or comes after and no longer finds the alias this removes).
    await tx.execute(lockIngestLanes());
    const [m] = rowsOf<{
      kept_id: number;
      merged_id: number;
      before: { kept: VisitorJson; merged: VisitorJson; changes: KeptChanges };
      moved: Record<string, unknown>;
      undone: boolean;
      fresh: boolean;
    }>(
      await tx.execute(sql`select kept_id, merged_id, before, moved, undone_at is not null as undone,
        created_at > now() - make_interval(days => ${MERGE_UNDO_DAYS}) as fresh
        from lead_merges where company_id = ${companyId} and id = ${mergeId} for update`),
    );
    if (!m) throw notFound('合并记录不存在');
    if (m.undone) throw conflict('该合并已撤销');
    if (!m.fresh) throw conflict(`合并已超过 ${MERGE_UNDO_DAYS} 天，不能撤销`);
    const [kept] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from visitors where company_id = ${companyId} and id = ${m.kept_id} for update`),
    );
    if (!kept) throw conflict(KEPT_MERGED_AGAIN);
    const [taken] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from visitors where company_id = ${companyId}
        and visitor_key = ${m.before.merged.visitor_key}`),
    );
    if (taken) throw conflict('被合并的访客之后又来访问过，不能撤销');
    await tx.execute(sql`insert into visitors overriding system value
      select * from jsonb_populate_record(null::visitors, ${JSON.stringify(m.before.merged)}::jsonb)`);
    for (const step of [...mergeSteps()].reverse())
      if (step.name in m.moved) await step.undo(tx, companyId, m.kept_id, m.merged_id, m.moved[step.name]);
    await setColumns(tx, companyId, m.kept_id, m.before.changes, 0);
    await tx.execute(sql`update lead_merges set undone_at = now(), undone_by = ${byUserId}
      where company_id = ${companyId} and id = ${mergeId}`);
  });
}

/**
 * WeChat named the visitor's unionid: every lead of the company with it becomes one (the oldest kept). Answers the
 * visitor key of the kept lead. (A phone typed into a share-page form merges nothing: radar/share-forms.ts.)
 */
export async function mergeByUnionid(db: Db, companyId: number, unionid: string): Promise<string | undefined> {
  if (!unionid) return undefined;
  return db.transaction(async (tx) => {
    const withIt = () =>
      sql`select id, visitor_key as k from visitors where company_id = ${companyId} and unionid = ${unionid}`;
    const found = rowsOf<{ id: number; k: string }>(await tx.execute(sql`${withIt()} order by id`));
    if (found.length < 2) return found[0]?.k;
    // Two or more to merge: every ingest lane's lock before the rows' (mergeInto's order; the rows locked first, a
    // batch holding a lane and storing one of them waited on the row while this waited on the lane: a deadlock that
    // PostgreSQL broke by failing one side).
    await tx.execute(lockIngestLanes());
    const same = rowsOf<{ id: number; k: string }>(await tx.execute(sql`${withIt()} order by id for update`));
    if (!same.length) return undefined;
    for (const v of same.slice(1)) await mergeInto(tx, companyId, same[0].id, v.id, 'unionid', null);
    return same[0].k;
  });
}

/**
 * Who reads a lead's merges: whoever sees every visitor reads them whole and may undo them; another member reads the
 * merged lead's name and phone, and may undo, only for merges they made (they saw both leads then). A merge by
 * someone else (or by WeChat's unionid) may have brought in a lead this member never saw.
 */
export interface MergeViewer {
  userId: number;
  seesAll: boolean;
}

/** Whether this viewer may read a merge's merged lead and undo it (see MergeViewer). */
export const ownsMerge = (viewer: MergeViewer, byUserId: number | null) => viewer.seesAll || byUserId === viewer.userId;

/** Merges of a lead (kept by it), newest first. */
export async function mergesOf(
  db: Db,
  companyId: number,
  visitorId: number,
  viewer: MergeViewer,
): Promise<LeadMerge[]> {
  const rows = rowsOf<{
    id: number;
    kept_id: number;
    merged_id: number;
    reason: LeadMerge['reason'];
    by_user_id: number | null;
    by_name: string | null;
    created_at: string;
    undone_at: string | null;
    fresh: boolean;
    returned: boolean;
    name: string | null;
    phone: string | null;
    kept_name: string | null;
  }>(
    await db.execute(sql`select m.id, m.kept_id, m.merged_id, m.reason, m.by_user_id, u.name as by_name,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        to_char(m.undone_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as undone_at,
        m.created_at > now() - make_interval(days => ${MERGE_UNDO_DAYS}) as fresh,
        m.undone_at is null and exists (select 1 from visitors v where v.company_id = m.company_id
          and v.visitor_key = m.before -> 'merged' ->> 'visitor_key') as returned,
        m.before -> 'merged' ->> 'nickname' as name, m.before -> 'merged' ->> 'phone' as phone,
        coalesce(kv.nickname, m.before -> 'kept' ->> 'nickname') as kept_name
      from lead_merges m left join users u on u.id = m.by_user_id
        left join visitors kv on kv.company_id = m.company_id and kv.id = m.kept_id
      where m.company_id = ${companyId} and (m.kept_id = ${visitorId} or m.merged_id = ${visitorId})
      order by m.id desc limit 100`),
  );
  return rows.map((r) => {
    const owns = ownsMerge(viewer, r.by_user_id);
    return {
      id: r.id,
      keptId: r.kept_id,
      mergedId: r.merged_id,
      mergedName: owns ? (r.name ?? '') : '',
      mergedPhone: owns ? (r.phone ?? '') : '',
      keptName: owns ? (r.kept_name ?? '') : '',
      reason: r.reason,
      byName: r.by_name,
      createdAt: r.created_at,
      undoneAt: r.undone_at,
      // Offered only when it can work: the merged visitor's return (a lead of its own again) refuses it (409).
      canUndo: owns && !r.undone_at && r.fresh && !r.returned,
      returned: r.returned,
    };
  });
}
