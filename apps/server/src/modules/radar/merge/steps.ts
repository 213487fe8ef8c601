/**
 * What a merge moves, one step per table: each step moves the newer lead's rows to the kept lead and answers what it
 * moved (stored in `lead_merges.moved[name]`), and its undo moves exactly those back (`leads`: the score, its
 * events, follow-up notes and stage). Another area that keeps rows per visitor adds its own step to the list here.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { rowsOf } from '../../../db/client.js';
import { VISITOR_LINK_PREFIX } from '../describe.js';
import { halfLifeSeconds, scoreSum } from '../score-sql.js';

interface MergeStep {
  name: string;
  merge(tx: Tx, companyId: number, keptId: number, mergedId: number): Promise<unknown>;
  undo(tx: Tx, companyId: number, keptId: number, mergedId: number, moved: unknown): Promise<void>;
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** Behaviour events (the timeline, consult and message forms): by id. */
const events: MergeStep = {
  name: 'events',
  async merge(tx, c, k, m) {
    const rows = rowsOf<{ id: string | number }>(
      await tx.execute(sql`update behavior_events set visitor_id = ${k}
        where company_id = ${c} and visitor_id = ${m} returning id`),
    );
    return rows.map((r) => Number(r.id));
  },
  async undo(tx, c, k, m, moved) {
    await tx.execute(sql`update behavior_events set visitor_id = ${m}
      where company_id = ${c} and visitor_id = ${k}
        and id in (select jsonb_array_elements_text(${json(moved ?? [])})::bigint)`);
  },
};

type LinkMove = { merged: { s: number; t: string }[]; kept: { s: number; prev: string | null; now: string }[] };

/** Which sharers brought the lead (a staff member sees the leads their shares brought). */
const links: MergeStep = {
  name: 'links',
  async merge(tx, c, k, m): Promise<LinkMove> {
    const merged = rowsOf<{ s: number; t: string }>(
      await tx.execute(sql`delete from visitor_links where company_id = ${c} and visitor_id = ${m}
        returning sharer_id as s, last_seen_at::text as t`),
    );
    const kept: LinkMove['kept'] = [];
    for (const l of merged) {
      const [prev] = rowsOf<{ t: string }>(
        await tx.execute(sql`select last_seen_at::text as t from visitor_links
          where company_id = ${c} and sharer_id = ${l.s} and visitor_id = ${k}`),
      );
      const [now] = rowsOf<{ t: string }>(
        await tx.execute(sql`insert into visitor_links (company_id, sharer_id, visitor_id, last_seen_at)
          values (${c}, ${l.s}, ${k}, ${l.t}::timestamptz)
          on conflict (company_id, sharer_id, visitor_id)
            do update set last_seen_at = greatest(visitor_links.last_seen_at, excluded.last_seen_at)
          returning last_seen_at::text as t`),
      );
      kept.push({ s: l.s, prev: prev?.t ?? null, now: now.t });
    }
    return { merged, kept };
  },
  async undo(tx, c, k, m, moved) {
    const mv = moved as LinkMove;
    for (const l of mv.kept)
      if (l.prev === null)
        await tx.execute(sql`delete from visitor_links where company_id = ${c} and sharer_id = ${l.s} and visitor_id = ${k}
          and last_seen_at = ${l.now}::timestamptz`);
      else
        await tx.execute(sql`update visitor_links set last_seen_at = ${l.prev}::timestamptz
          where company_id = ${c} and sharer_id = ${l.s} and visitor_id = ${k} and last_seen_at = ${l.now}::timestamptz`);
    for (const l of mv.merged)
      await tx.execute(sql`insert into visitor_links (company_id, sharer_id, visitor_id, last_seen_at)
        values (${c}, ${l.s}, ${m}, ${l.t}::timestamptz) on conflict do nothing`);
  },
};

type DayMove = { merged: { d: string; s: number }[]; added: { d: string; s: number }[] };

/** Visitor days (访客数). */
/**
 * An event `e` on China day `x.d` (UTC+8), its bounds as instants whatever the connection's time zone (a bare
 * timestamp would be read in the database's zone).
 */
const IN_CHINA_DAY = sql.raw(
  `e.ts >= (x.d::date - interval '8 hours') at time zone 'UTC' and e.ts < (x.d::date + interval '16 hours') at time zone 'UTC'`,
);

const days: MergeStep = {
  name: 'days',
  async merge(tx, c, k, m): Promise<DayMove> {
    const merged = rowsOf<{ d: string; s: number }>(
      await tx.execute(sql`delete from visitor_days where company_id = ${c} and visitor_id = ${m}
        returning day::text as d, sharer_id as s`),
    );
    const added = merged.length
      ? rowsOf<{ d: string; s: number }>(
          await tx.execute(sql`insert into visitor_days (company_id, day, sharer_id, visitor_id)
            select ${c}, x.d::date, x.s, ${k}
            from jsonb_to_recordset(${json(merged)}) as x(d text, s int)
            on conflict do nothing returning day::text as d, sharer_id as s`),
        )
      : [];
    return { merged, added };
  },
  async undo(tx, c, k, m, moved) {
    const mv = moved as DayMove;
    // A day the merge gave the kept lead stays its own when it came again that day through that sharer while
    // merged (its events are back with the merged lead by now: `events` is undone before this step).
    if (mv.added.length)
      await tx.execute(sql`delete from visitor_days v using jsonb_to_recordset(${json(mv.added)}) as x(d text, s int)
        where v.company_id = ${c} and v.visitor_id = ${k} and v.day = x.d::date and v.sharer_id = x.s
          and not exists (select 1 from behavior_events e where e.company_id = ${c} and e.visitor_id = ${k}
            and coalesce(e.sharer_id, 0) = x.s and ${IN_CHINA_DAY})`);
    if (mv.merged.length)
      await tx.execute(sql`insert into visitor_days (company_id, day, sharer_id, visitor_id)
        select ${c}, x.d::date, x.s, ${m} from jsonb_to_recordset(${json(mv.merged)}) as x(d text, s int)
        on conflict do nothing`);
  },
};

type ContentDayMove = {
  merged: { k: number; c: number; d: string }[];
  added: { k: number; c: number; d: string }[];
};

/**
 * Visitor days of each shared content (内容统计's 访客, the workbench's per-content figures): as `days`, the kept lead
 * takes the merged one's (where it has none), and the undo gives them back but keeps a day the kept lead came again to
 * that content while merged.
 */
const contentDays: MergeStep = {
  name: 'contentDays',
  async merge(tx, c, k, m): Promise<ContentDayMove> {
    const merged = rowsOf<{ k: number; c: number; d: string }>(
      await tx.execute(sql`delete from content_visitor_days where company_id = ${c} and visitor_id = ${m}
        returning kind as k, content_id as c, day::text as d`),
    );
    const added = merged.length
      ? rowsOf<{ k: number; c: number; d: string }>(
          await tx.execute(sql`insert into content_visitor_days (company_id, kind, content_id, day, visitor_id)
            select ${c}, x.k, x.c, x.d::date, ${k}
            from jsonb_to_recordset(${json(merged)}) as x(k smallint, c int, d text)
            on conflict do nothing returning kind as k, content_id as c, day::text as d`),
        )
      : [];
    return { merged, added };
  },
  async undo(tx, c, k, m, moved) {
    const mv = moved as ContentDayMove;
    // An event of the content is of its share's kind (a view) or a click (call, WeChat) on a share of that kind.
    if (mv.added.length)
      await tx.execute(sql`delete from content_visitor_days v
        using jsonb_to_recordset(${json(mv.added)}) as x(k smallint, c int, d text)
        where v.company_id = ${c} and v.visitor_id = ${k} and v.kind = x.k and v.content_id = x.c and v.day = x.d::date
          and not exists (select 1 from behavior_events e where e.company_id = ${c} and e.visitor_id = ${k}
            and coalesce(e.content_id, 0) = x.c and ${IN_CHINA_DAY}
            and (e.kind = x.k or exists (select 1 from shares s where s.company_id = ${c} and s.code = e.share_code
              and s.kind = x.k)))`);
    if (mv.merged.length)
      await tx.execute(sql`insert into content_visitor_days (company_id, kind, content_id, day, visitor_id)
        select ${c}, x.k, x.c, x.d::date, ${m} from jsonb_to_recordset(${json(mv.merged)}) as x(k smallint, c int, d text)
        on conflict do nothing`);
  },
};

/** Radar messages lead to the lead's page. */
const messages: MergeStep = {
  name: 'messages',
  async merge(tx, c, k, m) {
    return rowsOf<{ id: number }>(
      await tx.execute(sql`update messages set route_link = ${VISITOR_LINK_PREFIX + k}
        where company_id = ${c} and route_link = ${VISITOR_LINK_PREFIX + m} returning id`),
    ).map((r) => r.id);
  },
  async undo(tx, c, _k, m, moved) {
    await tx.execute(sql`update messages set route_link = ${VISITOR_LINK_PREFIX + m}
      where company_id = ${c} and id in (select jsonb_array_elements_text(${json(moved ?? [])})::int)`);
  },
};

type ForwardMove = { child: number[]; parent: number[]; dropped: Record<string, unknown>[] };

/** Places in forwarding chains: the kept lead takes the merged one's places (where it has none) and children. */
const forwards: MergeStep = {
  name: 'forwards',
  async merge(tx, c, k, m): Promise<ForwardMove> {
    const child = rowsOf<{ id: number }>(
      await tx.execute(sql`update share_forwards f set visitor_id = ${k}
        where f.company_id = ${c} and f.visitor_id = ${m} and not exists (select 1 from share_forwards g
          where g.company_id = ${c} and g.share_code = f.share_code and g.visitor_id = ${k}) returning id`),
    ).map((r) => r.id);
    const dropped = rowsOf<{ row: Record<string, unknown> }>(
      await tx.execute(sql`delete from share_forwards f where company_id = ${c} and visitor_id = ${m}
        returning to_jsonb(f) as row`),
    ).map((r) => r.row);
    const parent = rowsOf<{ id: number }>(
      await tx.execute(sql`update share_forwards set parent_visitor_id = ${k}
        where company_id = ${c} and parent_visitor_id = ${m} returning id`),
    ).map((r) => r.id);
    return { child, parent, dropped };
  },
  async undo(tx, c, _k, m, moved) {
    const mv = moved as ForwardMove;
    const ids = (a: number[]) => sql`(select jsonb_array_elements_text(${json(a)})::int)`;
    await tx.execute(
      sql`update share_forwards set visitor_id = ${m} where company_id = ${c} and id in ${ids(mv.child)}`,
    );
    await tx.execute(
      sql`update share_forwards set parent_visitor_id = ${m} where company_id = ${c} and id in ${ids(mv.parent)}`,
    );
    for (const row of mv.dropped)
      await tx.execute(sql`insert into share_forwards overriding system value
        select * from jsonb_populate_record(null::share_forwards, ${json(row)}) on conflict do nothing`);
  },
};

type Row = Record<string, unknown>;
type LeadMove = {
  scoreEvents: number[];
  followUps: number[];
  /** The merged lead's state moved as it was (the kept lead had none), or dropped (kept's wins). */
  stateMoved: boolean;
  stateDropped: Row | null;
  /** The kept lead's score before, and the merged lead's score row (moved when the kept lead had none). */
  keptScore: Row | null;
  mergedScore: Row | null;
  /** The kept lead's score row just after the merge: still so at the undo, nothing was earned since. */
  keptAfter?: Row | null;
  hotDropped: Row[];
};

/** A running score below this after an undo is nothing left (the float remainder of a subtraction): no row. */
const SCORE_EMPTY = 1e-6;

const restore = (table: string, row: Row) =>
  sql`insert into ${sql.raw(table)} select * from jsonb_populate_record(null::${sql.raw(table)}, ${json(row)})
    on conflict do nothing`;

/**
 * The lead's own rows: scoring events and follow-up notes move; the score is the sum of both running values decayed
 * to the later time (score-sql.ts's `scoreSum`, as the ingest adds a batch's points); the kept lead's stage wins, the merged one's is taken when
 * the kept lead has none; the merged lead's hot-moment de-duplication rows are dropped.
 */
const leads: MergeStep = {
  name: 'leads',
  async merge(tx, c, k, m): Promise<LeadMove> {
    const ids = async (table: string) =>
      rowsOf<{ id: string | number }>(
        await tx.execute(sql`update ${sql.raw(table)} set visitor_id = ${k}
          where company_id = ${c} and visitor_id = ${m} returning id`),
      ).map((r) => Number(r.id));
    const scoreEvents = await ids('lead_score_events');
    const followUps = await ids('lead_follow_ups');
    const one = async (q: ReturnType<typeof sql>) => rowsOf<{ row: Row }>(await tx.execute(q))[0]?.row ?? null;
    const keptState = await one(
      sql`select to_jsonb(s) as row from lead_states s where company_id = ${c} and visitor_id = ${k}`,
    );
    let stateDropped: Row | null = null;
    let stateMoved = false;
    if (keptState)
      stateDropped = await one(
        sql`delete from lead_states s where company_id = ${c} and visitor_id = ${m} returning to_jsonb(s) as row`,
      );
    else
      stateMoved = !!(await one(
        sql`update lead_states s set visitor_id = ${k} where company_id = ${c} and visitor_id = ${m}
          returning to_jsonb(s) as row`,
      ));
    const keptScore = await one(
      sql`select to_jsonb(s) as row from lead_scores s where company_id = ${c} and visitor_id = ${k}`,
    );
    const mergedScore = await one(
      sql`select to_jsonb(s) as row from lead_scores s where company_id = ${c} and visitor_id = ${m}`,
    );
    if (mergedScore && !keptScore)
      await tx.execute(sql`update lead_scores set visitor_id = ${k} where company_id = ${c} and visitor_id = ${m}`);
    else if (mergedScore) {
      await tx.execute(sql`with gone as (delete from lead_scores where company_id = ${c} and visitor_id = ${m}
          returning value, computed_at, rank)
        update lead_scores s set ${sql.raw(scoreSum('s', 'gone', halfLifeSeconds('s.company_id')))}
        from gone where s.company_id = ${c} and s.visitor_id = ${k}`);
    }
    const hotDropped = rowsOf<{ row: Row }>(
      await tx.execute(sql`delete from lead_hot h where company_id = ${c} and visitor_id = ${m}
        returning to_jsonb(h) as row`),
    ).map((r) => r.row);
    const keptAfter = await one(
      sql`select to_jsonb(s) as row from lead_scores s where company_id = ${c} and visitor_id = ${k}`,
    );
    return { scoreEvents, followUps, stateMoved, stateDropped, keptScore, mergedScore, keptAfter, hotDropped };
  },
  async undo(tx, c, k, m, moved) {
    const mv = moved as LeadMove;
    // The moved rows are the kept lead's now: found by its key (company, visitor, …), then by id.
    const back = (table: string, ids: number[]) =>
      tx.execute(sql`update ${sql.raw(table)} set visitor_id = ${m} where company_id = ${c} and visitor_id = ${k}
        and id in (select jsonb_array_elements_text(${json(ids)})::bigint)`);
    await back('lead_score_events', mv.scoreEvents);
    await back('lead_follow_ups', mv.followUps);
    if (mv.stateMoved)
      await tx.execute(sql`update lead_states set visitor_id = ${m} where company_id = ${c} and visitor_id = ${k}`);
    else if (mv.stateDropped) await tx.execute(restore('lead_states', mv.stateDropped));
    // The kept lead gives back what the merge added and keeps what it earned since. Nothing earned since (its row
    // is as the merge left it): its row as it was before. Else the merged lead's running value, decayed to the kept
    // row's time, is taken off it (restoring the old row lost the points earned since, and moving the whole row back
    // handed them to the merged lead). The merged lead gets its row as it was.
    const untouched =
      mv.mergedScore &&
      rowsOf<{ same: boolean }>(
        await tx.execute(sql`select exists (select 1 from lead_scores s where company_id = ${c} and visitor_id = ${k}
          and to_jsonb(s) = ${json(mv.keptAfter ?? null)}) as same`),
      )[0]?.same;
    if (mv.mergedScore && untouched) {
      await tx.execute(sql`delete from lead_scores where company_id = ${c} and visitor_id = ${k}`);
      if (mv.keptScore) await tx.execute(restore('lead_scores', mv.keptScore));
    } else if (mv.mergedScore) {
      const hl = sql.raw(`(${halfLifeSeconds(String(c))})`);
      const mergedAt = String(mv.mergedScore.computed_at);
      // The new value and its rank in one statement (SET sees the old row: the value is worked out in `n` first).
      await tx.execute(sql`update lead_scores s set value = n.v,
          rank = ln(greatest(n.v, 1e-12)) / ln(2) + extract(epoch from s.computed_at)::float8 / ${hl}
        from (select greatest(value - ${Number(mv.mergedScore.value)}::float8 * power(2::float8,
            -extract(epoch from (computed_at - ${mergedAt}::timestamptz))::float8 / ${hl}), 0) as v
          from lead_scores where company_id = ${c} and visitor_id = ${k}) n
        where s.company_id = ${c} and s.visitor_id = ${k}`);
      await tx.execute(
        sql`delete from lead_scores where company_id = ${c} and visitor_id = ${k} and value < ${SCORE_EMPTY}`,
      );
    }
    if (mv.mergedScore) await tx.execute(restore('lead_scores', mv.mergedScore));
    for (const row of mv.hotDropped) await tx.execute(restore('lead_hot', row));
  },
};

type AliasMove = { on: string[] };

/**
 * The merged lead's browser (its visitor key) names the kept lead from now on (`visitor_aliases`, see aliases.ts),
 * and the keys that named the merged lead name the kept one. The undo takes the alias away and points those keys
 * back; what the browser did in between stays with the kept lead, as other points it earned since do.
 */
const aliases: MergeStep = {
  name: 'aliases',
  async merge(tx, c, k, m): Promise<AliasMove> {
    const { kk, mk } = await keysOf(tx, c, k, m);
    const on = rowsOf<{ k: string }>(
      await tx.execute(sql`update visitor_aliases set target_key = ${kk} where company_id = ${c} and target_key = ${mk}
        returning visitor_key as k`),
    ).map((r) => r.k);
    await tx.execute(sql`insert into visitor_aliases (company_id, visitor_key, target_key) values (${c}, ${mk}, ${kk})
      on conflict (company_id, visitor_key) do update set target_key = excluded.target_key`);
    return { on };
  },
  async undo(tx, c, k, m, moved) {
    const { kk, mk } = await keysOf(tx, c, k, m);
    await tx.execute(sql`delete from visitor_aliases where company_id = ${c} and visitor_key = ${mk}`);
    const on = (moved as AliasMove | undefined)?.on ?? [];
    if (on.length)
      await tx.execute(sql`update visitor_aliases set target_key = ${mk} where company_id = ${c} and target_key = ${kk}
        and visitor_key in (select jsonb_array_elements_text(${json(on)}))`);
  },
};

/** Both leads' visitor keys (both rows exist while a merge or its undo runs its steps). */
async function keysOf(tx: Tx, c: number, k: number, m: number) {
  const rows = rowsOf<{ id: number; key: string }>(
    await tx.execute(sql`select id, visitor_key as key from visitors where company_id = ${c} and id in (${k}, ${m})`),
  );
  const key = (id: number) => rows.find((r) => r.id === id)?.key ?? '';
  return { kk: key(k), mk: key(m) };
}

// Undone in reverse: `days` and `contentDays` after `events`, whose events they read.
const steps: MergeStep[] = [days, contentDays, events, links, messages, forwards, leads, aliases];

export const mergeSteps = (): readonly MergeStep[] => steps;
