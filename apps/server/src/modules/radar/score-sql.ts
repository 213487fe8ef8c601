/**
 * Scoring at ingest: which scoring events a batch of tracked events earns (candidates, decided here) and the part
 * of the ingest statement that keeps them (conditions that need stored state, decided in SQL), stores them with
 * their reasons and adds them to the visitors' running scores, set-based: no round trip per event.
 */
import { DEFAULT_HALF_LIFE_DAYS, EVENT_KIND, SCORE_POINTS, type ScoreCode } from '@huoke/contracts';
import type { TrackedEvent } from '../../ports/index.js';
import { noteHead } from './note.js';

/** One hot moment per visitor per rule within this many hours (`lead_hot`). */
export const HOT_WINDOW_HOURS = 6;

/** Conditions checked in SQL against what was stored before the batch. */
const COND = { none: 0, returned: 1, firstPhone: 3, comeback: 4, oncePerVisit: 5, newVisit: 6 } as const;

/**
 * Codes a visitor earns once per content within a visit (ONCE_WINDOW_MIN minutes): whatever the page sends, six
 * 拨打电话 taps (or forged beacons) in a minute are one call, and a resent read is one read. A return after the
 * window is a new visit and scores again. Views have their own rule (a reload is no new open: below).
 */
const ONCE_PER_VISIT = new Set<CandidateCode>(['read30', 'read120', 'read_end', 'call', 'wechat', 'vcard', 'forward']);
const ONCE_WINDOW_MIN = 30;

/**
 * A view of content the visitor viewed less than this many minutes before is the same visit (a reload, the back
 * button, a second tap on the same link): it scores no open and is not counted toward the third open in 24 h, which
 * counts visits (views with no view of the same content in the 30 minutes before). Three reloads are no 🔥.
 */
export const VISIT_GAP_MIN = 30;

/** Not scored (0 points), only a hot moment: a known lead with a phone comes back. */
type CandidateCode = ScoreCode | 'comeback';

interface ScoreCandidate {
  vi: number;
  si: number;
  code: CandidateCode;
  ts: number;
  /**
   * The reason's words besides the share's title (kept rows only build it, in SQL: REASON): the event's kind `k`,
   * the content `c` of a once-per-visit code, the seconds `s` of a read, a message's first words `n`.
   */
  k: number;
  c: number | undefined;
  s: number | undefined;
  n: string | undefined;
  cond: number;
  /**
   * An open (newVisit): how many earlier visits of the content in 24 h must be stored for it to be the third open
   * (-1: it is past the third within the batch). Stored opens up to a minute later than this one count too: another
   * server copy's batch of the same visitor, committed first (ingest's lane lock), may hold them. The minute keeps the count's scan to the partitions near the event: unbounded, it read every later
   * partition, and scoring-on ingest on PGlite fell from 77 % to 72 % of scoring off.
   */
  need: number;
}

const OPEN_CODE: Partial<Record<number, ScoreCode>> = {
  [EVENT_KIND.card]: 'open_card',
  [EVENT_KIND.product]: 'open_product',
  [EVENT_KIND.article]: 'open_article',
  [EVENT_KIND.microSite]: 'open_site',
  [EVENT_KIND.video]: 'open_video',
  [EVENT_KIND.brochure]: 'open_brochure',
};

/**
 * Scoring candidates of a batch; `vi`/`si` are the batch's visitor and share numbers of each event. A view opens
 * content (and may be a return within 24 h, or the third open in 24 h); a read scores past 30 s and past 2 min.
 */
export function scoreCandidates(
  events: TrackedEvent[],
  eventVisitor: number[],
  eventShare: number[],
): ScoreCandidate[] {
  const out: ScoreCandidate[] = [];
  const opens = new Map<string, number>();
  /** The batch's last view time of each visitor, content and kind (a later view within VISIT_GAP_MIN is a reload). */
  const viewed = new Map<string, number>();
  const returned = new Set<number>();
  const phoned = new Set<number>();
  /** The batch's last kept time of each visitor, once-per-visit code, content and kind. */
  const kept = new Map<string, number>();
  events.forEach((e, n) => {
    const vi = eventVisitor[n];
    const si = eventShare[n];
    const ts = e.at.getTime();
    const add = (code: CandidateCode, extra: { s?: number; n?: string } = {}, cond: number = COND.none, need = 0) => {
      const once = ONCE_PER_VISIT.has(code);
      if (once) {
        const key = `${vi}:${code}:${e.share.contentId ?? 0}:${e.kind}`;
        const last = kept.get(key);
        if (last !== undefined && Math.abs(ts - last) < ONCE_WINDOW_MIN * 60_000) return;
        kept.set(key, ts);
      }
      // `c` (the content, which the once-per-visit check compares) is left out of the others' reasons (undefined).
      const c = once ? (e.share.contentId ?? 0) : undefined;
      out.push({
        vi,
        si,
        code,
        ts,
        k: e.kind,
        c,
        s: extra.s,
        n: extra.n,
        cond: once ? COND.oncePerVisit : cond,
        need,
      });
    };
    switch (e.action) {
      case 'view': {
        if (!returned.has(vi)) {
          returned.add(vi);
          add('return24h', {}, COND.returned);
          add('comeback', {}, COND.comeback);
        }
        const ok = `${vi}:${e.share.contentId ?? 0}:${e.kind}`;
        const last = viewed.get(ok);
        viewed.set(ok, last === undefined ? ts : Math.max(last, ts));
        if (last !== undefined && Math.abs(ts - last) < VISIT_GAP_MIN * 60_000) break;
        const code = OPEN_CODE[e.kind];
        if (!code) break;
        const seen = (opens.get(ok) ?? 0) + 1;
        opens.set(ok, seen);
        // The third open is decided in SQL from the open that passed (no reload): one probe for both.
        add(code, {}, COND.newVisit, seen <= 3 ? 3 - seen : -1);
        break;
      }
      case 'read': {
        // The page's time so far, all stretches (a reader back from a chat, the page's 2-minute beacon), or this one.
        const s = Math.round(Math.max(e.durationMs ?? 0, e.totalMs ?? 0) / 1000);
        if (s >= 30) add('read30', { s });
        if (s >= 120) add('read120', { s });
        break;
      }
      case 'end':
        add('read_end');
        break;
      case 'forward':
        add('forward');
        break;
      case 'download':
        if (e.kind === EVENT_KIND.card) add('vcard');
        break;
      case 'call':
        add('call');
        break;
      case 'wechat':
        add('wechat');
        break;
      case 'consult':
      case 'message':
        // A message's first words go with its points (its 🔥 quotes them).
        add(e.action, e.note ? { n: noteHead(e.note) } : {});
        if (!phoned.has(vi)) {
          phoned.add(vi);
          add('phone', {}, COND.firstPhone);
        }
        break;
    }
  });
  return out;
}

/** The candidates as the statement's array parameters, in the order of SCORE_CTES' $50…$57. */
export function scoreParams(cs: ScoreCandidate[]): unknown[] {
  return [
    cs.map((c) => c.vi),
    cs.map((c) => c.code),
    cs.map((c) => c.ts),
    cs.map((c) => c.k),
    cs.map((c) => c.cond),
    cs.map((c) => c.need),
    cs.map((c) => c.si),
    cs.map((c) => (c.code === 'comeback' ? 0 : SCORE_POINTS[c.code])),
  ];
}

/** The rest of the candidates' reasons, SCORE_CTES' $61…$63 (after the ingest's own $58…$60). */
export function scoreReasonParams(cs: ScoreCandidate[]): unknown[] {
  return [cs.map((c) => c.c ?? null), cs.map((c) => c.s ?? null), cs.map((c) => c.n ?? null)];
}

/**
 * A kept candidate's reason (lead_score_events.params), from row `r` of `sc`: the share's title and the event's kind,
 * then the content, seconds and first words where the candidate has them. Built in SQL for the rows kept only: sent
 * as JSON text, every candidate's reason was written and quoted in JavaScript and read back in PostgreSQL, though
 * about one in twenty is kept.
 */
const REASON = (r: string) =>
  `(jsonb_build_object('t', ${r}.ptitle, 'k', ${r}.pk) || jsonb_strip_nulls(jsonb_build_object('c', ${r}.pc, 's', ${r}.ps, 'n', ${r}.pn)))`;

/** The half-life in hours of a company without settings of its own. */
const DEFAULT_HOURS = DEFAULT_HALF_LIFE_DAYS * 24;

/** The half-life in seconds of `company`'s scores, read from `settings` (lead_settings, or the batch's `cfg`). */
export const halfLifeSeconds = (company: string, settings = 'lead_settings') =>
  `coalesce((select st.half_life_hours from ${settings} st where st.company_id = ${company}), ${DEFAULT_HOURS}) * 3600`;

/**
 * The SET list that adds running score `b` (a row with value, computed_at, rank) to `a`: both values decayed to
 * the later time and added; the rank adds log-sum-exp style (rank = log2(value) + T/h), which never overflows.
 * `hl` is the half-life in seconds (an expression: halfLifeSeconds). Used by the ingest's upsert (`a` the stored row,
 * `b` the batch's) and by a merge of two leads.
 */
export const scoreSum = (a: string, b: string, hl: string) => `
    value = case when ${a}.computed_at >= ${b}.computed_at
      then ${a}.value + ${b}.value * power(2::float8,
        -extract(epoch from (${a}.computed_at - ${b}.computed_at))::float8 / (${hl}))
      else ${a}.value * power(2::float8,
        -extract(epoch from (${b}.computed_at - ${a}.computed_at))::float8 / (${hl}))
        + ${b}.value end,
    computed_at = greatest(${a}.computed_at, ${b}.computed_at),
    rank = greatest(${a}.rank, ${b}.rank)
      + ln(1 + power(2::float8, least(${a}.rank, ${b}.rank) - greatest(${a}.rank, ${b}.rank))) / ln(2)`;

/** Stored views (alias `a` of behavior_events) by candidate row `r`'s visitor of its content. */
const viewsOf = (a: string, r: string) =>
  `${a}.company_id = ${r}.c and ${a}.visitor_id = ${r}.v and ${a}.action = 'view' and ${a}.kind = ${r}.skind
        and ${a}.content_id is not distinct from ${r}.content`;

/**
 * The candidate's view is a reload of a stored one: the visitor viewed the same content less than VISIT_GAP_MIN
 * minutes before (or up to a minute after: another server copy's batch, committed first). Only a visitor seen within
 * those minutes (`prev`, their last activity before the batch) can have such a view, so no other is probed.
 */
const RELOAD = `(sc.prev is not null and sc.prev >= sc.ts - interval '${VISIT_GAP_MIN} minutes' and exists (
      select 1 from behavior_events be
      where ${viewsOf('be', 'sc')} and be.ts >= sc.ts - interval '${VISIT_GAP_MIN} minutes'
        and be.ts <= sc.ts + interval '1 minute'))`;

/**
 * CTEs appended to the ingest statement (`va` holds its visitors' ids, companies and names by number, `s` its shares;
 * $50…$57 and $61…$63 the candidates). The batch's companies' score settings are read once (`cfg`, materialized):
 * joined or looked up per row, `lead_settings` (empty unless a company changed its table) was scanned anew for each
 * candidate and each updated score, and every new scan of a table asks its size (on PGlite a file-status call through
 * JavaScript, 82 % of the statement's file calls with scoring on). Every part of one statement sees the tables as they
 * were before it, so "stored before" means before this batch. The running value:
 * new = old·2^(−Δt/h) + Σ points·2^(−(T − t)/h), T the later of both times; the rank adds log-sum-exp style
 * (rank = log2(value) + T/h), which never overflows. PostgreSQL estimates the batch's own sets at a row or two and
 * joins two of them by a nested loop, quadratic in the batch (such joins took two thirds of a 500-event statement), so
 * a window, an array or a carried column stands in for a join where it can: a candidate finds its visitor by number in
 * `va`'s arrays (joined to `vid`, it became such a nested loop once `visitors` was analyzed), the sum per visitor takes
 * its latest time by a window, the hot message carries the visitor's name. `va` also carries each visitor's
 * last_seen_at from before the batch (`prev`, null for a new visitor) and phone, handed back by the visitors' upsert: a
 * return within 24 h and a comeback are decided without reading `visitors` again per event, and a visitor new or unseen
 * for 24 h has no stored opens to count and no phone point. The third open (`o3`) is taken from the opens that passed
 * (`ok`: no reload), so a view is probed for a reload once, and its count of earlier visits runs only for a new visit;
 * `kept` is both, what is stored and summed. The hot moments the 6 h de-duplication let through (`hot`, the upsert's
 * RETURNING, authoritative across concurrent batches) find their visitor's name, event and sharer in `hc` through one
 * jsonb object keyed company:visitor:rule (`hcj`), a lookup per row where a join of the two sets was a nested loop (a
 * batch of 500 returning visitors, 251 of them hot: 80 of its 199 ms).
 */
export const SCORE_CTES = `
, cfg as materialized (
  select st.company_id, st.points, st.half_life_hours from lead_settings st, va where st.company_id = any(va.c)
), sc as (
  select va.c[x.vi] as c, va.id[x.vi] as v, va.nick[x.vi] as nick, va.prev[x.vi] as prev, va.phone[x.vi] as phone,
         x.code, s.title as ptitle, x.pk, x.pc, x.ps, x.pn, to_timestamp(x.ts / 1000) as ts,
         x.cond, x.need, s.content, s.kind as skind, s.sharer, coalesce((st.points ->> x.code)::float8, x.pts) as pts,
         coalesce(st.half_life_hours, ${DEFAULT_HOURS}) * 3600 as hl
  from unnest($50::int[], $51::text[], $52::float8[], $53::smallint[], $54::smallint[], $55::int[], $56::int[],
              $57::float8[], $61::int[], $62::int[], $63::text[]) as x(vi, code, ts, pk, cond, need, si, pts, pc, ps, pn)
  cross join va join s on s.i = x.si
  left join cfg st on st.company_id = va.c[x.vi]
), ok as (
  select * from sc
  where (sc.pts > 0 or sc.code = 'comeback' or sc.cond = 6) and case sc.cond
    when 0 then true
    when 1 then sc.prev < sc.ts - interval '30 minutes' and sc.prev >= sc.ts - interval '24 hours'
    when 3 then sc.prev is null or not exists (
      select 1 from lead_score_events le where le.company_id = sc.c and le.visitor_id = sc.v and le.code = 'phone')
    when 4 then sc.phone <> '' and sc.prev < sc.ts - interval '30 minutes'
    when 5 then sc.prev is null or sc.prev <= sc.ts - interval '${ONCE_WINDOW_MIN} minutes' or not exists (
      select 1 from lead_score_events le where le.company_id = sc.c and le.visitor_id = sc.v
        and le.ts > sc.ts - interval '${ONCE_WINDOW_MIN} minutes' and le.ts <= sc.ts + interval '1 minute'
        and le.code = sc.code and le.params ->> 'c' = sc.pc::text and le.params ->> 'k' = sc.pk::text)
    when 6 then not (${RELOAD})
    else false end
), o3 as (
  select ok.c, ok.v, ok.nick, ok.ts, ${REASON('ok')} as p, ok.sharer, 'open3'::text as code,
         coalesce((st.points ->> 'open3')::float8, ${SCORE_POINTS.open3}) as pts, ok.hl
  from ok left join cfg st on st.company_id = ok.c
  where ok.cond = 6 and ok.need >= 0 and case
    when ok.prev is null or ok.prev <= ok.ts - interval '24 hours' then ok.need = 0
    else ok.need = (
      select count(*) from (
        select 1 from behavior_events be
        where ${viewsOf('be', 'ok')} and be.ts > ok.ts - interval '24 hours' and be.ts <= ok.ts + interval '1 minute'
          and not exists (
            select 1 from behavior_events b2
            where ${viewsOf('b2', 'ok')} and b2.ts >= be.ts - interval '${VISIT_GAP_MIN} minutes' and b2.ts < be.ts)
        limit 3) z) end
), kept as (
  select ok.c, ok.v, ok.nick, ok.ts, ${REASON('ok')} as p, ok.sharer, ok.code, ok.pts, ok.hl from ok
  where ok.pts > 0 or ok.code = 'comeback'
  union all
  select c, v, nick, ts, p, sharer, code, pts, hl from o3 where pts > 0
), lse as (
  insert into lead_score_events (company_id, visitor_id, code, points, params, ts)
  select c, v, code, pts, p, ts from kept where pts > 0
), ssum as (
  select c, v, t, hl, sum(pts * power(2::float8, -extract(epoch from (t - ts))::float8 / hl)) as val
  from (select c, v, ts, pts, hl, max(ts) over (partition by c, v) as t from kept where pts > 0) z group by c, v, t, hl
), lsc as (
  insert into lead_scores (company_id, visitor_id, value, computed_at, rank)
  select c, v, val, t, ln(greatest(val, 1e-12)) / ln(2) + extract(epoch from t)::float8 / hl from ssum
  on conflict (company_id, visitor_id) do update set${scoreSum('lead_scores', 'excluded', halfLifeSeconds('excluded.company_id', 'cfg'))}
)
, hc as (
  select distinct on (c, v, rule) c, v, nick, rule, ts, p, sharer from (
    select k.c, k.v, k.nick, k.ts, k.p, k.sharer,
      case k.code when 'read120' then 'read' when 'open3' then 'thrice' when 'consult' then 'consult'
        when 'forward' then 'forward' when 'comeback' then 'comeback' when 'message' then 'message' end as rule
    from kept k) z
  where rule is not null order by c, v, rule, ts
), hot as (
  insert into lead_hot (company_id, visitor_id, rule, last_at)
  select c, v, rule, ts from hc
  on conflict (company_id, visitor_id, rule) do update set last_at = excluded.last_at
    where lead_hot.last_at <= excluded.last_at - interval '${HOT_WINDOW_HOURS} hours'
  returning company_id, visitor_id, rule
), hcj as materialized (
  select jsonb_object_agg(c || ':' || v || ':' || rule, jsonb_build_object('nick', nick, 'p', p, 'sharer', sharer)) as j
  from hc
), hfound as (
  select hot.company_id, hot.visitor_id, hot.rule, x ->> 'nick' as nick, x ->> 'p' as p, (x ->> 'sharer')::int as sharer
  from hot cross join hcj
  cross join lateral (select hcj.j -> (hot.company_id || ':' || hot.visitor_id || ':' || hot.rule) as x) y
), hto as (
  select company_id, visitor_id, nick, rule, p, sharer as user_id from hfound where sharer is not null
  union
  select hf.company_id, hf.visitor_id, hf.nick, hf.rule, hf.p, ms.user_id from hfound hf
    join memberships ms on ms.company_id = hf.company_id and ms.role = 'admin' and ms.status = 'active'
), hm as (
  insert into messages (company_id, user_id, class_id, title, description, route_link, params)
  select hto.company_id, hto.user_id, $26::smallint, y.title, y.title, $27::text || hto.visitor_id,
         hto.p::jsonb || jsonb_build_object('hot', hto.rule)
  from hto cross join lateral (select '🔥 ' || coalesce(nullif(hto.nick, ''), $32::text || ' #' || hto.visitor_id) as title) y
  returning id, company_id, user_id
)`;
