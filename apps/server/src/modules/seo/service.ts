import { randomBytes } from 'node:crypto';
import {
  type AcgUserInfo,
  type AiDetectAnswer,
  type KeywordsByEngine,
  type NewsDetail,
  type NewsItem,
  type Page,
  SEARCH_ENGINES,
  SEO_FIRST_PAGE,
  SEO_TOP,
  type SearchEngine,
  type SeoTrend,
  type TopKeywords,
} from '@huoke/contracts';
import { and, count, desc, eq, gte, ilike, lte, max, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  AUTH_STATE_APPROVED,
  aiKeys,
  companies,
  PUBLIC_CODE_KIND,
  publicCodes,
  publicViewCodes,
  seoKeywordRanks,
  seoNews,
} from '../../db/schema/index.js';
import { addDays, lastDays } from '../../lib/days.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { containing } from '../../lib/like.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';

type Scope = Pick<Ctx, 'companyId'>;

const engineName = (e: string) => SEARCH_ENGINES[e as SearchEngine] ?? e;

const newsCols = {
  id: seoNews.id,
  title: seoNews.title,
  summary: seoNews.summary,
  source: seoNews.source,
  keyword: seoNews.keyword,
  cover: seoNews.cover,
  publishedAt: seoNews.publishedAt,
  isDemo: seoNews.isDemo,
};

export async function newsPage(
  db: DbOrTx,
  scope: Scope,
  q: { pageIndex: number; pageSize: number; keyword?: string },
): Promise<Page<NewsItem>> {
  const like = q.keyword ? containing(q.keyword) : undefined;
  const where = inCompany(
    scope,
    seoNews,
    like ? or(ilike(seoNews.title, like), ilike(seoNews.keyword, like)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(newsCols)
      .from(seoNews)
      .where(where)
      .orderBy(desc(seoNews.publishedAt), desc(seoNews.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(seoNews).where(where),
  ]);
  return {
    data: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })),
    totalCount: total.n,
    pageIndex: q.pageIndex,
  };
}

export async function newsDetail(db: DbOrTx, scope: Scope, id: number): Promise<NewsDetail> {
  const [row] = await db
    .select({ ...newsCols, content: seoNews.content })
    .from(seoNews)
    .where(inCompany(scope, seoNews, eq(seoNews.id, id)));
  const r = ownedOr404(row, '资讯不存在');
  return { ...r, publishedAt: r.publishedAt.toISOString() };
}

async function latestDay(db: DbOrTx, scope: Scope): Promise<string | null> {
  const [row] = await db
    .select({ day: max(seoKeywordRanks.day) })
    .from(seoKeywordRanks)
    .where(inCompany(scope, seoKeywordRanks));
  return row?.day ?? null;
}

export async function topKeywords(
  db: DbOrTx,
  scope: Scope,
  q: { engine?: SearchEngine; limit: number },
): Promise<TopKeywords> {
  const day = await latestDay(db, scope);
  if (!day) return { day: null, data: [] };
  const prev = addDays(day, -1);
  const rows = await db
    .select({
      keyword: seoKeywordRanks.keyword,
      engine: seoKeywordRanks.engine,
      day: seoKeywordRanks.day,
      rank: seoKeywordRanks.rank,
    })
    .from(seoKeywordRanks)
    .where(
      inCompany(
        scope,
        seoKeywordRanks,
        gte(seoKeywordRanks.day, prev),
        lte(seoKeywordRanks.day, day),
        q.engine ? eq(seoKeywordRanks.engine, q.engine) : undefined,
      ),
    );
  const before = new Map(rows.filter((r) => r.day === prev).map((r) => [`${r.engine}\t${r.keyword}`, r.rank]));
  const data = rows
    .filter((r) => r.day === day && r.rank > 0)
    .sort((a, b) => a.rank - b.rank || a.keyword.localeCompare(b.keyword) || a.engine.localeCompare(b.engine))
    .slice(0, q.limit)
    .map((r) => {
      const old = before.get(`${r.engine}\t${r.keyword}`);
      return {
        keyword: r.keyword,
        engine: r.engine,
        engineName: engineName(r.engine),
        rank: r.rank,
        change: old ? old - r.rank : null,
      };
    });
  return { day, data };
}

export async function trend(db: DbOrTx, scope: Scope, days: number): Promise<SeoTrend> {
  const categories = lastDays(days);
  const rows = await db
    .select({
      day: seoKeywordRanks.day,
      firstPage: sql<number>`count(*) filter (where ${seoKeywordRanks.rank} between 1 and ${SEO_FIRST_PAGE})::int`,
      top: sql<number>`count(*) filter (where ${seoKeywordRanks.rank} between 1 and ${SEO_TOP})::int`,
    })
    .from(seoKeywordRanks)
    .where(inCompany(scope, seoKeywordRanks, gte(seoKeywordRanks.day, categories[0])))
    .groupBy(seoKeywordRanks.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    categories,
    series: [
      { key: 'firstPage', name: '首页关键词', data: categories.map((d) => byDay.get(d)?.firstPage ?? 0) },
      { key: 'top', name: `前${SEO_TOP}名关键词`, data: categories.map((d) => byDay.get(d)?.top ?? 0) },
    ],
  };
}

export async function keywordsByEngine(db: DbOrTx, scope: Scope): Promise<KeywordsByEngine> {
  const day = await latestDay(db, scope);
  if (!day) return { day: null, data: [] };
  const rows = await db
    .select({
      engine: seoKeywordRanks.engine,
      firstPage: sql<number>`count(*) filter (where ${seoKeywordRanks.rank} between 1 and ${SEO_FIRST_PAGE})::int`,
      total: sql<number>`count(*) filter (where ${seoKeywordRanks.rank} > 0)::int`,
    })
    .from(seoKeywordRanks)
    .where(inCompany(scope, seoKeywordRanks, eq(seoKeywordRanks.day, day)))
    .groupBy(seoKeywordRanks.engine);
  const found = new Map(rows.map((r) => [r.engine, r]));
  return {
    day,
    data: (Object.keys(SEARCH_ENGINES) as SearchEngine[]).map((engine) => ({
      engine,
      engineName: engineName(engine),
      firstPage: found.get(engine)?.firstPage ?? 0,
      total: found.get(engine)?.total ?? 0,
    })),
  };
}

/** The company's AI-detection key, created on first request. */
export async function aiKey(db: DbOrTx, scope: Scope): Promise<string> {
  // A session without a company (the platform operator's) has no key to make: 403, not a refused row's 500.
  if (!scope.companyId) throw forbidden();
  const read = () => db.select({ key: aiKeys.key }).from(aiKeys).where(inCompany(scope, aiKeys));
  const [found] = await read();
  if (found) return found.key;
  await db
    .insert(aiKeys)
    .values({ companyId: scope.companyId, key: `ak_${randomBytes(24).toString('base64url')}` })
    .onConflictDoNothing();
  const [row] = await read();
  return row.key;
}

/** A new AI-detection key in place of the old one, which stops at once. */
export async function resetAiKey(db: DbOrTx, scope: Scope): Promise<string> {
  if (!scope.companyId) throw forbidden();
  const key = `ak_${randomBytes(24).toString('base64url')}`;
  const changed = await db.update(aiKeys).set({ key }).where(inCompany(scope, aiKeys)).returning({ key: aiKeys.key });
  return changed.length ? key : aiKey(db, scope);
}

export async function companyOfAiKey(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .select({ companyId: aiKeys.companyId })
    .from(publicCodes)
    .innerJoin(aiKeys, and(eq(aiKeys.companyId, publicCodes.companyId), eq(aiKeys.key, publicCodes.code)))
    .where(and(eq(publicCodes.kind, PUBLIC_CODE_KIND.aiKey), eq(publicCodes.code, key)));
  if (!row) throw forbidden('AI检测密钥无效');
  return row.companyId;
}

/**
 * Public display facts of a company: name, logo and whether it is real-name authenticated. Never by id alone:
 * a session sees its own company; anybody else needs an unguessable code of the company (a live share's code or
 * the data view's public link code). Everything else answers 404, the same as a company that does not exist, so
 * ids cannot be walked to list companies.
 */
export async function acgUserInfo(
  db: DbOrTx,
  q: { customerId?: number; code?: string },
  who: { ctx?: Ctx; companyOfCode: (code: string) => Promise<number | undefined> },
): Promise<AcgUserInfo> {
  let companyId: number | undefined;
  if (q.code !== undefined) companyId = await who.companyOfCode(q.code);
  else if (who.ctx) companyId = who.ctx.companyId;
  if (companyId === undefined || (q.customerId !== undefined && q.customerId !== companyId))
    throw notFound('企业不存在');
  const [row] = await db
    .select({ name: companies.name, logo: companies.logo, authState: companies.authState })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('企业不存在');
  return {
    customerId: companyId,
    customerName: row.name,
    logo: row.logo,
    authenticated: row.authState === AUTH_STATE_APPROVED,
  };
}

/** The company of a data view's public link code. */
export async function companyOfViewCode(db: DbOrTx, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ companyId: publicViewCodes.companyId })
    .from(publicCodes)
    .innerJoin(
      publicViewCodes,
      and(eq(publicViewCodes.companyId, publicCodes.companyId), eq(publicViewCodes.code, publicCodes.code)),
    )
    .where(and(eq(publicCodes.kind, PUBLIC_CODE_KIND.view), eq(publicCodes.code, code)));
  return row?.companyId;
}

const TEMPLATE_PHRASES = [
  '总而言之',
  '综上所述',
  '总的来说',
  '首先',
  '其次',
  '最后',
  '此外',
  '值得注意的是',
  '需要指出的是',
  '不仅',
  '而且',
  '因此',
  '在当今',
  '随着',
  '发挥着重要作用',
  '具有重要意义',
];

/**
 * A local, explainable estimate of how template-like (machine-written) a text reads: uniform sentence
 * lengths, connective phrases and repeated sentence openings raise the score. 0–100.
 */
export function detectAi(txt: string): AiDetectAnswer {
  const sentences = txt
    .split(/[。！？!?；;\n]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
  const n = Math.max(1, sentences.length);
  const lens = sentences.map((s) => s.length);
  const mean = lens.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(lens.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  const uniformity = mean > 0 ? Math.max(0, 1 - sd / mean) : 0;
  const phraseHits = TEMPLATE_PHRASES.reduce((c, p) => c + (txt.split(p).length - 1), 0);
  const phraseRate = Math.min(1, phraseHits / n);
  const openings = new Map<string, number>();
  for (const s of sentences) openings.set(s.slice(0, 2), (openings.get(s.slice(0, 2)) ?? 0) + 1);
  const repeated = [...openings.values()].filter((c) => c > 1).reduce((a, b) => a + b, 0) / n;
  const score =
    sentences.length < 3
      ? Math.round(uniformity * 30)
      : Math.round(100 * (0.45 * uniformity + 0.35 * phraseRate + 0.2 * repeated));
  const reasons: string[] = [];
  if (uniformity > 0.6 && sentences.length >= 3) reasons.push('句子长度过于均匀');
  if (phraseHits > 0) reasons.push(`套话连接词出现 ${phraseHits} 次`);
  if (repeated > 0.3) reasons.push('多句开头重复');
  if (sentences.length < 3) reasons.push('文本较短，结果仅供参考');
  return { score, level: score >= 60 ? 'high' : score >= 35 ? 'medium' : 'low', sentences: sentences.length, reasons };
}
