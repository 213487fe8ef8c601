import {
  type ChangeWordAnswer,
  type GeneralTrend,
  MEDIA_METRIC_TITLES,
  MEDIA_METRICS,
  MEDIA_PLATFORMS,
  type MediaKeyword,
  type MediaMetric,
  type MediaPlatform,
  type MediaTrend,
  type OverviewQty,
  type Page,
  type RemainderAnswer,
  type ReservationAccount,
  type ShortVideo,
  WORD_CHANGE_EXHAUSTED,
} from '@huoke/contracts';
import { and, count, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import {
  mediaAccounts,
  mediaDaily,
  mediaKeywords,
  mediaReservations,
  mediaVideos,
  wordChangeQuotas,
} from '../../db/schema/index.js';
import { addDays, lastDays } from '../../lib/days.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { containing } from '../../lib/like.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';
import { rewrite, splitWords } from './rewrite.js';

type Scope = Pick<Ctx, 'companyId'>;

const metricCol = (m: MediaMetric) => mediaDaily[m];

async function dailyRows(db: DbOrTx, scope: Scope, from: string, to?: string) {
  return db
    .select({
      day: mediaDaily.day,
      plays: mediaDaily.plays,
      likes: mediaDaily.likes,
      comments: mediaDaily.comments,
      shares: mediaDaily.shares,
      fans: mediaDaily.fans,
      leads: mediaDaily.leads,
    })
    .from(mediaDaily)
    .where(inCompany(scope, mediaDaily, gte(mediaDaily.day, from), to ? lt(mediaDaily.day, to) : undefined));
}

export async function trend(db: DbOrTx, scope: Scope, days: number): Promise<MediaTrend> {
  const categories = lastDays(days);
  const byDay = new Map((await dailyRows(db, scope, categories[0])).map((r) => [r.day, r]));
  return {
    categories,
    series: MEDIA_METRICS.map((key) => ({
      key,
      name: MEDIA_METRIC_TITLES[key],
      data: categories.map((d) => byDay.get(d)?.[key] ?? 0),
    })),
  };
}

export async function overviewQty(db: DbOrTx, scope: Scope): Promise<OverviewQty> {
  const [[acc], [vid], [res]] = await Promise.all([
    db
      .select({ accounts: count(), fans: sql<number>`coalesce(sum(${mediaAccounts.fans}), 0)::int` })
      .from(mediaAccounts)
      .where(inCompany(scope, mediaAccounts)),
    db
      .select({
        videos: count(),
        plays: sql<number>`coalesce(sum(${mediaVideos.plays}), 0)::int`,
        likes: sql<number>`coalesce(sum(${mediaVideos.likes}), 0)::int`,
        comments: sql<number>`coalesce(sum(${mediaVideos.comments}), 0)::int`,
        shares: sql<number>`coalesce(sum(${mediaVideos.shares}), 0)::int`,
      })
      .from(mediaVideos)
      .where(inCompany(scope, mediaVideos)),
    db.select({ reservations: count() }).from(mediaReservations).where(inCompany(scope, mediaReservations)),
  ]);
  return { ...acc, ...vid, ...res };
}

export async function generalTrend(db: DbOrTx, scope: Scope, metric: MediaMetric, days: number): Promise<GeneralTrend> {
  const categories = lastDays(days);
  const prevFrom = addDays(categories[0], -days);
  const col = metricCol(metric);
  const rows = await db
    .select({ day: mediaDaily.day, v: col })
    .from(mediaDaily)
    .where(inCompany(scope, mediaDaily, gte(mediaDaily.day, prevFrom)));
  const byDay = new Map(rows.map((r) => [r.day, r.v]));
  const data = categories.map((d) => byDay.get(d) ?? 0);
  const previousTotal = rows.filter((r) => r.day < categories[0]).reduce((s, r) => s + r.v, 0);
  return {
    metric,
    title: MEDIA_METRIC_TITLES[metric],
    days,
    total: data.reduce((s, v) => s + v, 0),
    previousTotal,
    categories,
    data,
  };
}

const keywordCols = {
  id: mediaKeywords.id,
  keyword: mediaKeywords.keyword,
  productName: mediaKeywords.productName,
  searchVolume: mediaKeywords.searchVolume,
  videoCount: mediaKeywords.videoCount,
  isDemo: mediaKeywords.isDemo,
};
/** Most searched first; keywords without imported figures last. */
const byHeat = [sql`${mediaKeywords.searchVolume} desc nulls last`, mediaKeywords.id];

export async function subjectRank(
  db: DbOrTx,
  scope: Scope,
  pageIndex: number,
  pageSize: number,
): Promise<Page<MediaKeyword>> {
  const offset = (pageIndex - 1) * pageSize;
  const [rows, [total]] = await Promise.all([
    db
      .select(keywordCols)
      .from(mediaKeywords)
      .where(inCompany(scope, mediaKeywords))
      .orderBy(...byHeat)
      .limit(pageSize)
      .offset(offset),
    db.select({ n: count() }).from(mediaKeywords).where(inCompany(scope, mediaKeywords)),
  ]);
  return { data: rows.map((r, i) => ({ ...r, rank: offset + i + 1 })), totalCount: total.n, pageIndex };
}

export async function keywordAll(db: DbOrTx, scope: Scope): Promise<MediaKeyword[]> {
  const rows = await db
    .select(keywordCols)
    .from(mediaKeywords)
    .where(inCompany(scope, mediaKeywords))
    .orderBy(...byHeat);
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

const KEYWORDS_MAX = 50;

export async function addKeyword(db: DbOrTx, scope: Scope, keyword: string, productName: string) {
  const [{ n }] = await db.select({ n: count() }).from(mediaKeywords).where(inCompany(scope, mediaKeywords));
  if (n >= KEYWORDS_MAX) throw conflict(`最多配置${KEYWORDS_MAX}个关键词`, 'keyword');
  const [row] = await db
    .insert(mediaKeywords)
    .values({ companyId: scope.companyId, keyword, productName })
    .onConflictDoNothing()
    .returning({ id: mediaKeywords.id });
  if (!row) throw conflict('关键词已存在', 'keyword');
  return row;
}

export async function deleteKeyword(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .delete(mediaKeywords)
    .where(inCompany(scope, mediaKeywords, eq(mediaKeywords.id, id)))
    .returning({ id: mediaKeywords.id });
  ownedOr404(row, '关键词不存在');
}

export async function reservationAccounts(
  db: DbOrTx,
  scope: Scope,
  q: { pageIndex: number; pageSize: number; platform?: MediaPlatform; nickname?: string },
): Promise<Page<ReservationAccount>> {
  const where = inCompany(
    scope,
    mediaAccounts,
    q.platform ? eq(mediaAccounts.platform, q.platform) : undefined,
    q.nickname ? ilike(mediaAccounts.nickname, containing(q.nickname)) : undefined,
  );
  const reservations = sql<number>`count(${mediaReservations.id})::int`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mediaAccounts.id,
        platform: mediaAccounts.platform,
        nickname: mediaAccounts.nickname,
        avatar: mediaAccounts.avatar,
        fans: mediaAccounts.fans,
        reservations,
        last: sql<string | null>`max(${mediaReservations.createdAt})`,
      })
      .from(mediaAccounts)
      .leftJoin(
        mediaReservations,
        and(
          eq(mediaReservations.accountId, mediaAccounts.id),
          eq(mediaReservations.companyId, mediaAccounts.companyId),
        ),
      )
      .where(where)
      .groupBy(mediaAccounts.companyId, mediaAccounts.id)
      .orderBy(desc(reservations), mediaAccounts.id)
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(mediaAccounts).where(where),
  ]);
  return {
    data: rows.map(({ last, ...r }) => ({
      ...r,
      platformName: MEDIA_PLATFORMS[r.platform as MediaPlatform] ?? r.platform,
      lastReservationAt: last ? new Date(last).toISOString() : null,
    })),
    totalCount: total.n,
    pageIndex: q.pageIndex,
  };
}

const VIDEO_DETAILS_LIMIT = 20;

export async function videoDetails(db: DbOrTx, scope: Scope, isTop?: boolean): Promise<ShortVideo[]> {
  const rows = await db
    .select({
      id: mediaVideos.id,
      title: mediaVideos.title,
      cover: mediaVideos.cover,
      accountName: mediaAccounts.nickname,
      platform: mediaAccounts.platform,
      plays: mediaVideos.plays,
      likes: mediaVideos.likes,
      comments: mediaVideos.comments,
      shares: mediaVideos.shares,
      isTop: mediaVideos.isTop,
      isDemo: mediaVideos.isDemo,
      publishedAt: mediaVideos.publishedAt,
    })
    .from(mediaVideos)
    .innerJoin(
      mediaAccounts,
      and(eq(mediaAccounts.companyId, mediaVideos.companyId), eq(mediaAccounts.id, mediaVideos.accountId)),
    )
    .where(inCompany(scope, mediaVideos, isTop === undefined ? undefined : eq(mediaVideos.isTop, isTop)))
    .orderBy(desc(mediaVideos.isTop), desc(mediaVideos.publishedAt), desc(mediaVideos.id))
    .limit(VIDEO_DETAILS_LIMIT);
  return rows.map(({ platform, publishedAt, ...r }) => ({
    ...r,
    platform,
    platformName: MEDIA_PLATFORMS[platform as MediaPlatform] ?? platform,
    publishedAt: publishedAt.toISOString(),
  }));
}

export async function remainder(db: DbOrTx, scope: Scope): Promise<RemainderAnswer> {
  const [q] = await db
    .select({ granted: wordChangeQuotas.granted, used: wordChangeQuotas.used })
    .from(wordChangeQuotas)
    .where(inCompany(scope, wordChangeQuotas));
  return { granted: q?.granted ?? 0, remainder: Math.max(0, (q?.granted ?? 0) - (q?.used ?? 0)) };
}

/**
 * One word change: takes one unit of the company's quota (atomically: concurrent calls can never
 * overdraw it), rewrites locally, and records the consumption for the cost pages, all in one transaction.
 */
export async function changeWord(
  app: FastifyInstance,
  ctx: Ctx,
  body: { txt: string; th: number; filter: string; corewordfilter: number; sim: number },
): Promise<ChangeWordAnswer> {
  return app.db.transaction(async (tx) => {
    const [quota] = await tx
      .update(wordChangeQuotas)
      .set({ used: sql`${wordChangeQuotas.used} + 1`, updatedAt: new Date() })
      .where(inCompany(ctx, wordChangeQuotas, lt(wordChangeQuotas.used, wordChangeQuotas.granted)))
      .returning({ granted: wordChangeQuotas.granted, used: wordChangeQuotas.used });
    if (!quota) throw forbidden(WORD_CHANGE_EXHAUSTED);
    // The company's core keywords and product names are never changed (whatever corewordfilter says: the console
    // always sends 1), nor are the caller's kept words.
    const keep = splitWords(body.filter);
    for (const k of await keywordAll(tx, ctx)) keep.push(k.keyword, k.productName);
    const out = rewrite(body.txt, { th: body.th, sim: body.sim, keep });
    await app.ports.billing.record(tx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      kind: 'wordChange',
      amountCents: 0,
      quantity: 1,
      note: `伪原创改写 ${body.txt.length} 字，替换 ${out.changed} 处`,
    });
    return { ...out, remainder: quota.granted - quota.used };
  });
}
