import {
  ARTICLE_CLASSIFY,
  type Article,
  type ArticleListItem,
  type addArticleBody,
  type articleListBody,
  type articlePickerBody,
  type HotListAnswer,
  type hotListQuery,
  type Page,
  type updateArticleBody,
} from '@huoke/contracts';
import { and, count, desc, eq, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { isoTime } from '../../db/iso-time.js';
import { articles, contentTypes, users } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { canEdit, canSee } from '../../lib/library.js';
import { containing } from '../../lib/like.js';
import { literalLimit, prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';
import { summaryOf } from '../../storage/sanitize.js';

type ListQuery = z.output<typeof articleListBody>;
type Fields = z.output<typeof addArticleBody>;

const listColumns = {
  id: articles.id,
  title: articles.title,
  articleFrom: articles.articleFrom,
  createTime: isoTime(articles.createdAt),
  thumbnail: articles.thumbnail,
  typeId: articles.typeId,
  typeName: contentTypes.name,
  authorName: users.name,
  authorId: articles.authorId,
  isShareToEnterprise: articles.isShareToEnterprise,
  summary: articles.summary,
};
type ListRow = {
  id: number;
  title: string;
  articleFrom: string;
  createTime: string;
  thumbnail: string;
  typeId: number | null;
  typeName: string | null;
  authorName: string | null;
  authorId: number;
  isShareToEnterprise: boolean;
  summary: string;
};

function toItem(ctx: Ctx, r: ListRow): ArticleListItem {
  return {
    id: r.id,
    title: r.title,
    articleFrom: r.articleFrom,
    createTime: r.createTime,
    thumbnail: r.thumbnail,
    sstTypeString: r.typeName ?? '',
    typeId: r.typeId,
    createBy: r.authorName ?? '',
    authorId: r.authorId,
    isShareToEnterprise: r.isShareToEnterprise,
    canEdit: canEdit(ctx, r.authorId),
    summary: r.summary,
  };
}

const escapeLike = containing;
type Scope = 'mine' | 'enterprise' | 'both';
const P = { companyId: sql.placeholder('companyId'), userId: sql.placeholder('userId') };
const enterprise = eq(articles.isShareToEnterprise, true);
/** Whose articles a list shows; `userId` is the caller, or a placeholder in a prepared query. */
function scoped(scope: Scope, userId: number | Placeholder): SQL {
  const mine = eq(articles.authorId, userId);
  return (scope === 'mine' ? mine : scope === 'enterprise' ? enterprise : or(enterprise, mine)) as SQL;
}

async function page(db: DbOrTx, ctx: Ctx, scope: Scope, q: ListQuery & { keyword?: string }) {
  const base = (d: DbOrTx) =>
    d
      .select(listColumns)
      .from(articles)
      .leftJoin(users, eq(users.id, articles.authorId))
      .leftJoin(
        contentTypes,
        and(eq(contentTypes.companyId, articles.companyId), eq(contentTypes.id, articles.typeId)),
      );
  const order = [desc(articles.createdAt), desc(articles.id)];
  let rows: ListRow[];
  let n: number;
  if (!q.keyword && !q.typeId) {
    // The default view of each list: prepared once (query building is most of a short call's cost).
    const where = and(eq(articles.companyId, P.companyId), scoped(scope, P.userId));
    const params = { companyId: ctx.companyId, userId: ctx.userId };
    // The first page is planned once, its page size in the text (literalLimit); later pages by offset per call.
    const first = q.pageIndex === 1;
    const newest = (d: DbOrTx) =>
      base(d)
        .where(where)
        .orderBy(...order);
    [rows, [{ n }]] = await Promise.all([
      prepared(db, `article_page_${scope}${first ? `_first_${q.pageSize}` : ''}`, (d, name) =>
        first
          ? newest(d).limit(literalLimit(q.pageSize)).prepare(name)
          : newest(d).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name),
      ).execute({ ...params, limit: q.pageSize, offset: (q.pageIndex - 1) * q.pageSize }),
      prepared(db, `article_total_${scope}`, (d, name) =>
        d.select({ n: count() }).from(articles).where(where).prepare(name),
      ).execute(params),
    ]);
  } else {
    const where = inCompany(
      ctx,
      articles,
      scoped(scope, ctx.userId),
      q.keyword ? ilike(articles.title, escapeLike(q.keyword)) : undefined,
      q.typeId ? eq(articles.typeId, q.typeId) : undefined,
    );
    [rows, [{ n }]] = await Promise.all([
      base(db)
        .where(where)
        .orderBy(...order)
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize),
      db.select({ n: count() }).from(articles).where(where),
    ]);
  }
  return {
    data: rows.map((r) => toItem(ctx, r)),
    totalCount: n,
    pageIndex: q.pageIndex,
  } satisfies Page<ArticleListItem>;
}

/** GetArticle: the caller's own articles. */
export const myArticles = (db: DbOrTx, ctx: Ctx, q: ListQuery) => page(db, ctx, 'mine', q);
/** GetCustomerArticle: the company's enterprise articles. */
export const enterpriseArticles = (db: DbOrTx, ctx: Ctx, q: ListQuery) => page(db, ctx, 'enterprise', q);
/** GetEnterpriseAndMyArticle: enterprise articles and the caller's own. */
export const enterpriseAndMine = (db: DbOrTx, ctx: Ctx, q: ListQuery) => page(db, ctx, 'both', q);
/** Picker list: articleClassify 1 enterprise, 2 mine. */
export const pickerList = (db: DbOrTx, ctx: Ctx, q: z.output<typeof articlePickerBody>) =>
  page(db, ctx, q.articleClassify === ARTICLE_CLASSIFY.enterprise ? 'enterprise' : 'mine', q);

async function articleTypes(db: DbOrTx, ctx: Ctx) {
  return db
    .select({ id: contentTypes.id, name: contentTypes.name })
    .from(contentTypes)
    .where(inCompany(ctx, contentTypes, eq(contentTypes.kind, 'article')))
    .orderBy(contentTypes.sort, contentTypes.id);
}

/** The categories and the most read articles the caller can see (optionally of one category). */
export async function hotList(db: DbOrTx, ctx: Ctx, q: z.output<typeof hotListQuery>): Promise<HotListAnswer> {
  const types = await articleTypes(db, ctx);
  const rows = await db
    .select(listColumns)
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(contentTypes, and(eq(contentTypes.companyId, articles.companyId), eq(contentTypes.id, articles.typeId)))
    .where(inCompany(ctx, articles, scoped('both', ctx.userId), q.typeId ? eq(articles.typeId, q.typeId) : undefined))
    .orderBy(desc(articles.readCount), desc(articles.createdAt), desc(articles.id))
    .limit(q.size);
  return { types, data: rows.map((r) => toItem(ctx, r)) };
}

async function row(db: DbOrTx, ctx: Ctx, id: number) {
  const [r] = await db
    .select({ ...listColumns, content: articles.content })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(contentTypes, and(eq(contentTypes.companyId, articles.companyId), eq(contentTypes.id, articles.typeId)))
    .where(inCompany(ctx, articles, eq(articles.id, id)));
  return r;
}

/** One article: enterprise ones, the caller's own, or any of the company for an administrator. */
export async function getArticle(db: DbOrTx, ctx: Ctx, id: number): Promise<Article> {
  const r = ownedOr404(await row(db, ctx, id), '文章不存在');
  if (!canSee(ctx, r.isShareToEnterprise, r.authorId)) ownedOr404(undefined, '文章不存在');
  return { ...toItem(ctx, r), content: r.content };
}

/** Only the author or an administrator may change an article. */
async function editable(db: DbOrTx, ctx: Ctx, id: number) {
  const [r] = await db
    .select({ id: articles.id, authorId: articles.authorId, isShare: articles.isShareToEnterprise })
    .from(articles)
    .where(inCompany(ctx, articles, eq(articles.id, id)));
  const found = ownedOr404(r, '文章不存在');
  if (!canEdit(ctx, found.authorId)) {
    if (!found.isShare) ownedOr404(undefined, '文章不存在');
    throw forbidden('只有作者或管理员可以修改此文章');
  }
  return found;
}

const SAFE_URL =
  /^(https?:\/\/[^\s"'<>]+|\/api\/fs\/raw\/[\w./-]+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+)$/i;

async function checkFields(db: DbOrTx, ctx: Ctx, f: Fields, sanitize: (html: string) => string) {
  if (f.thumbnail && !SAFE_URL.test(f.thumbnail)) throw badRequest('封面图片地址无效', 'thumbnail');
  if (f.typeId) {
    const [t] = await db
      .select({ id: contentTypes.id })
      .from(contentTypes)
      .where(inCompany(ctx, contentTypes, eq(contentTypes.id, f.typeId), eq(contentTypes.kind, 'article')));
    if (!t) throw badRequest('文章分类不存在', 'typeId');
  }
  const content = sanitize(f.content);
  if (!content.trim()) throw badRequest('请输入内容', 'content');
  return {
    title: f.title,
    articleFrom: f.articleFrom,
    content,
    summary: summaryOf(content),
    thumbnail: f.thumbnail,
    typeId: f.typeId ?? null,
    isShareToEnterprise: f.isShareToEnterprise,
  };
}

export async function addArticle(db: DbOrTx, ctx: Ctx, f: Fields, sanitize: (html: string) => string) {
  const values = await checkFields(db, ctx, f, sanitize);
  const [r] = await db
    .insert(articles)
    .values({ ...values, companyId: ctx.companyId, authorId: ctx.userId })
    .returning({ id: articles.id });
  return getArticle(db, ctx, r.id);
}

export async function updateArticle(
  db: DbOrTx,
  ctx: Ctx,
  f: z.output<typeof updateArticleBody>,
  sanitize: (html: string) => string,
) {
  await editable(db, ctx, f.id);
  const values = await checkFields(db, ctx, f, sanitize);
  await db
    .update(articles)
    .set({ ...values, updatedAt: new Date() })
    .where(inCompany(ctx, articles, eq(articles.id, f.id)));
  return getArticle(db, ctx, f.id);
}

export async function deleteArticle(db: DbOrTx, ctx: Ctx, id: number) {
  await editable(db, ctx, id);
  await db.delete(articles).where(inCompany(ctx, articles, eq(articles.id, id)));
}

/** SetArticleShare: flips the enterprise flag and answers the new one. */
export async function toggleShare(db: DbOrTx, ctx: Ctx, id: number) {
  await editable(db, ctx, id);
  const [r] = await db
    .update(articles)
    .set({ isShareToEnterprise: sql`not ${articles.isShareToEnterprise}` })
    .where(inCompany(ctx, articles, eq(articles.id, id)))
    .returning({ id: articles.id, isShareToEnterprise: articles.isShareToEnterprise });
  return r;
}
