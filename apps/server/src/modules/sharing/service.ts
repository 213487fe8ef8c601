import { randomBytes } from 'node:crypto';
import {
  type CardInfo,
  type CardSettings,
  SHARE_KIND,
  type ShareKindName,
  type ShareSettings,
  type Website,
  type WebsiteBlock,
  type WebsiteBody,
  type WeChatSettings,
} from '@huoke/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import {
  cards,
  companies,
  memberships,
  miniWebsites,
  PUBLIC_CODE_KIND,
  posters,
  publicCodes,
  pushes,
  shareActions,
  shareDays,
  shares,
  users,
} from '../../db/schema/index.js';
import { dayOf } from '../../lib/days.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { canEdit, canSee } from '../../lib/library.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';
import type { ContentKind, EventKind, ShareInfo } from '../../ports/index.js';
import { qrDataUrl } from './qr-png.js';

export type CardRow = typeof cards.$inferSelect;
export type ShareRow = typeof shares.$inferSelect;

/** 12 random URL-safe characters (72 bits): unguessable share codes. */
const newCode = () => randomBytes(9).toString('base64url');

export function baseUrl(app: FastifyInstance, req: FastifyRequest): string {
  return app.config.PUBLIC_BASE_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;
}

export async function shareAnswerOf(app: FastifyInstance, req: FastifyRequest, code: string) {
  const link = `${baseUrl(app, req)}/s/${code}`;
  return { link, qrCode: qrDataUrl(link), code };
}

// ---------- cards ----------

/** The caller's e-card in the session's company, created from the membership on first use. */
export async function myCard(db: DbOrTx, ctx: Ctx): Promise<CardRow> {
  const [row] = await db
    .select()
    .from(cards)
    .where(inCompany(ctx, cards, eq(cards.membershipId, ctx.membershipId)));
  if (row) return row;
  const [m] = await db
    .select({ position: memberships.position, phone: users.phone })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inCompany(ctx, memberships, eq(memberships.id, ctx.membershipId)));
  await db
    .insert(cards)
    .values({
      companyId: ctx.companyId,
      membershipId: ctx.membershipId,
      userId: ctx.userId,
      name: ctx.name,
      duties: m?.position ?? '',
      phone: m?.phone ?? '',
    })
    .onConflictDoNothing();
  const [created] = await db
    .select()
    .from(cards)
    .where(inCompany(ctx, cards, eq(cards.membershipId, ctx.membershipId)));
  return created;
}

export function cardInfoOf(card: CardRow, companyName: string): CardInfo {
  return {
    empId: card.id,
    name: card.name,
    duties: card.duties,
    icCompanyName: companyName,
    avatar: card.avatar,
    phone: card.phone,
    weChatID: card.weChatId,
    weChatQRCode: card.weChatQrCode,
    isShowCompany: card.isShowCompany,
    isShowPosition: card.isShowPosition,
    isShowWeChat: card.isShowWeChat && card.weChatId !== '',
    isShowPhone: card.isShowPhone,
  };
}

export async function updateWeChat(db: DbOrTx, ctx: Ctx, body: WeChatSettings): Promise<void> {
  const card = await myCard(db, ctx);
  await db
    .update(cards)
    .set({
      weChatId: body.weChatID,
      weChatQrCode: body.weChatQRCode,
      ...(body.weChatID === '' ? { isShowWeChat: false } : {}),
      updatedAt: new Date(),
    })
    .where(inCompany(ctx, cards, eq(cards.id, card.id)));
}

export async function updateCardSettings(db: DbOrTx, ctx: Ctx, body: CardSettings): Promise<CardRow> {
  const card = await myCard(db, ctx);
  if (body.isShowWeChat && !card.weChatId) throw badRequest('请先设置微信号', 'isShowWeChat');
  const [row] = await db
    .update(cards)
    .set({ ...body, updatedAt: new Date() })
    .where(inCompany(ctx, cards, eq(cards.id, card.id)))
    .returning();
  return row;
}

/**
 * The caller's own e-card by its id: a card is shared (its link, its QR) only by its member, who is its sharer and
 * takes its leads. A colleague's card, or the card of a member since removed, answers 404 like another company's.
 */
export async function ownCard(db: DbOrTx, ctx: Ctx, id: number): Promise<CardRow> {
  const [row] = await db
    .select()
    .from(cards)
    .where(inCompany(ctx, cards, eq(cards.id, id), eq(cards.membershipId, ctx.membershipId)));
  return ownedOr404(row, '名片不存在');
}

// ---------- shares ----------

/**
 * Content the caller may see (the rule of opening it: lib/library canSee), for anything that publishes it; an item
 * kept to its author answers 404 like another company's, so its id tells nothing.
 */
async function contentOr404(app: FastifyInstance, ctx: Ctx, kind: ContentKind, id: number, field: string) {
  const item = await app.ports.content.get(app.db, ctx.companyId, kind, id);
  if (!item || item.companyId !== ctx.companyId || !canSee(ctx, item.sharedToCompany, item.createdBy))
    throw notFound(`${field}: ${id} 不存在`);
  return item;
}

/**
 * An article share with the panel's settings. `reuse` (TemplateShareAsync) answers the caller's
 * existing active link with the very same settings instead of minting a new code.
 */
export async function shareArticle(
  app: FastifyInstance,
  ctx: Ctx,
  settings: ShareSettings,
  reuse: boolean,
): Promise<string> {
  // The content checks and the caller's card are read side by side, not one round trip after another (the card is
  // made from the membership on first use, as any page showing it makes it); a refusal is the first in the body's
  // order, as when they were read in turn, and comes before anything of the share is written.
  const [card] = await Promise.all([
    myCard(app.db, ctx),
    firstRefusal([
      contentOr404(app, ctx, 'article', settings.articleManagerId, 'articleManagerId'),
      ...settings.relationIds.map((id) => contentOr404(app, ctx, 'article', id, 'relationIds')),
      ...settings.relationWjtVideoIds.map((id) => contentOr404(app, ctx, 'video', id, 'relationWjtVideoIds')),
      ...settings.relationWjtDocumentIds.map((id) => contentOr404(app, ctx, 'document', id, 'relationWjtDocumentIds')),
    ]),
  ]);
  // The WeChat tag cannot be on while the card has no WeChat ID (SPEC §4).
  const stored = { ...settings, isShowWeChat: settings.isShowWeChat && card.weChatId !== '' };
  const [, code] = await Promise.all([
    noteShare(app.db, ctx, SHARE_KIND.article, settings.articleManagerId),
    createShare(app.db, ctx, SHARE_KIND.article, settings.articleManagerId, stored, reuse),
  ]);
  return code;
}

/** Waits for every check, then throws the first refusal in the list's order (not the first to arrive). */
async function firstRefusal(checks: Promise<unknown>[]): Promise<void> {
  for (const s of await Promise.allSettled(checks)) if (s.status === 'rejected') throw s.reason;
}

/**
 * A share the member asked for, new link or one made before, is one share (the workbench's 分享, and 内容统计's of its
 * item) and a day of their
 * streak (the brief's 连续分享). The card page's QR and a poster's are shown, not shared: they do not count.
 */
async function noteShare(db: DbOrTx, ctx: Ctx, kind: EventKind, contentId: number | null) {
  await Promise.all([
    db.insert(shareActions).values({ companyId: ctx.companyId, sharerId: ctx.userId, kind, contentId }),
    db.insert(shareDays).values({ companyId: ctx.companyId, sharerId: ctx.userId, day: dayOf() }).onConflictDoNothing(),
  ]);
}

export async function createShare(
  db: DbOrTx,
  ctx: Ctx,
  kind: EventKind,
  contentId: number | null,
  settings: object,
  reuse: boolean,
): Promise<string> {
  if (reuse) {
    const [existing] = await db
      .select({ code: shares.code })
      .from(shares)
      .where(
        inCompany(
          ctx,
          shares,
          eq(shares.sharerId, ctx.userId),
          eq(shares.kind, kind),
          contentId === null ? sql`${shares.contentId} is null` : eq(shares.contentId, contentId),
          eq(shares.active, true),
          sql`(${shares.expiresAt} is null or ${shares.expiresAt} > now())`,
          sql`${shares.settings} = ${JSON.stringify(settings)}::jsonb`,
        ),
      )
      .orderBy(desc(shares.id))
      .limit(1);
    if (existing) return existing.code;
  }
  const code = newCode();
  await db.insert(shares).values({ code, companyId: ctx.companyId, sharerId: ctx.userId, kind, contentId, settings });
  return code;
}

/** Share of a video, a document, an e-card or a mini-website of the caller's company. */
export async function shareContent(
  app: FastifyInstance,
  ctx: Ctx,
  kind: Exclude<ShareKindName, 'article'>,
  id: number,
): Promise<string> {
  if (kind === 'video' || kind === 'document') await contentOr404(app, ctx, kind, id, 'id');
  else if (kind === 'card') await ownCard(app.db, ctx, id);
  else await websiteInCompany(app.db, ctx, id);
  const [, code] = await Promise.all([
    noteShare(app.db, ctx, SHARE_KIND[kind], id),
    createShare(app.db, ctx, SHARE_KIND[kind], id, {}, true),
  ]);
  return code;
}

export async function setShareActive(db: DbOrTx, ctx: Ctx, code: string, active: boolean): Promise<void> {
  const rows = await db
    .update(shares)
    .set({ active })
    .where(inCompany(ctx, shares, eq(shares.code, code), eq(shares.sharerId, ctx.userId)))
    .returning({ id: shares.id });
  ownedOr404(rows[0], '分享不存在');
}

export async function pushToApp(app: FastifyInstance, ctx: Ctx, articleId: number): Promise<void> {
  await contentOr404(app, ctx, 'article', articleId, 'articleId');
  await app.db.insert(pushes).values({ companyId: ctx.companyId, userId: ctx.userId, articleId });
}

/** The articles pushed to the caller's app, newest first (read by the mobile app). */
export async function myPushes(app: FastifyInstance, ctx: Ctx, pageIndex: number, pageSize: number) {
  const where = inCompany(ctx, pushes, eq(pushes.userId, ctx.userId));
  const [rows, [{ n }]] = await Promise.all([
    app.db
      .select()
      .from(pushes)
      .where(where)
      .orderBy(desc(pushes.createdAt), desc(pushes.id))
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize),
    app.db.select({ n: sql<number>`count(*)::int` }).from(pushes).where(where),
  ]);
  const data = [];
  for (const p of rows) {
    const item = await app.ports.content.get(app.db, ctx.companyId, 'article', p.articleId);
    data.push({
      id: p.id,
      articleId: p.articleId,
      title: item?.title ?? '',
      createTime: p.createdAt.toISOString(),
      read: p.readAt !== null,
    });
  }
  return { data, totalCount: n, pageIndex };
}

/**
 * A share row by its public code, with its company's name (public pages: no session, no tenancy). The global
 * `public_codes` names the company; the share is then read by `(company_id, code)`. A share whose sharer is no
 * longer an active member of its company is not active: a removed member's links (their card, with their phone and
 * WeChat under the company's name; the company's articles collecting leads for them) stop at the removal.
 */
export async function shareByCode(db: DbOrTx, code: string) {
  if (!/^[A-Za-z0-9_-]{10,32}$/.test(code)) return undefined;
  const [row] = await db
    .select({ share: shares, companyName: companies.name, sharerMember: memberships.id })
    .from(publicCodes)
    .innerJoin(shares, and(eq(shares.companyId, publicCodes.companyId), eq(shares.code, publicCodes.code)))
    .innerJoin(companies, eq(companies.id, shares.companyId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.companyId, shares.companyId),
        eq(memberships.userId, shares.sharerId),
        eq(memberships.status, 'active'),
      ),
    )
    .where(and(eq(publicCodes.kind, PUBLIC_CODE_KIND.share), eq(publicCodes.code, code)));
  if (!row) return undefined;
  const { sharerMember, ...found } = row;
  return sharerMember === null ? { ...found, share: { ...found.share, active: false } } : found;
}

export const isLive = (s: ShareRow, now = new Date()) => s.active && (!s.expiresAt || s.expiresAt > now);

export const kindName = (kind: number): ShareKindName | undefined =>
  (Object.entries(SHARE_KIND) as [ShareKindName, number][]).find(([, k]) => k === kind)?.[0];

/** The sharer's card in the share's company (public pages). */
export async function sharerCard(db: DbOrTx, companyId: number, userId: number): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.companyId, companyId), eq(cards.userId, userId)));
  return row;
}

export async function cardById(db: DbOrTx, companyId: number, id: number): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.companyId, companyId), eq(cards.id, id)));
  return row;
}

export async function websiteById(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(miniWebsites)
    .where(and(eq(miniWebsites.companyId, companyId), eq(miniWebsites.id, id)));
  return row;
}

/** Whether the company has this card or mini website (kind: its event kind); other kinds answer false. */
export async function ownsShareTarget(db: DbOrTx, companyId: number, kind: number, id: number): Promise<boolean> {
  const name = kindName(kind);
  if (name === 'card') return !!(await cardById(db, companyId, id));
  if (name === 'website') return !!(await websiteById(db, companyId, id));
  return false;
}

/** The port other areas use to resolve a share code (radar ties events to sharer and content). */
export async function resolveShare(app: FastifyInstance, db: DbOrTx, code: string): Promise<ShareInfo | undefined> {
  const row = await shareByCode(db, code);
  if (!row) return undefined;
  const s = row.share;
  const name = kindName(s.kind);
  let title: string | undefined;
  let hidden = false;
  if (name === 'article' || name === 'video' || name === 'document') {
    const item = await app.ports.content.get(db, s.companyId, name, s.contentId ?? 0);
    title = item?.title;
    // Kept to its author since it was shared: a colleague's link shows it no more (as the share calls refuse it).
    hidden = !!item && !(await sharerSees(db, s.companyId, s.sharerId, item.sharedToCompany, item.createdBy));
  } else if (name === 'card') {
    const c = await cardById(db, s.companyId, s.contentId ?? 0);
    title = c && `${c.name}的名片`;
  } else if (name === 'website') {
    title = (await websiteById(db, s.companyId, s.contentId ?? 0))?.title;
  }
  return {
    code: s.code,
    companyId: s.companyId,
    sharerId: s.sharerId,
    kind: s.kind as EventKind,
    contentId: s.contentId,
    title: title ?? '',
    active: isLive(s) && title !== undefined && !hidden,
  };
}

/** Whether the sharer of a link may still see its item (lib/library's rule, for the sharer's role in the company). */
export async function sharerSees(db: DbOrTx, companyId: number, sharerId: number, shared: boolean, authorId: number) {
  if (shared || sharerId === authorId) return true;
  const [m] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(eq(memberships.companyId, companyId), eq(memberships.userId, sharerId), eq(memberships.status, 'active')),
    );
  return m?.role === 'admin';
}

// ---------- posters ----------

export async function posterPage(db: DbOrTx, ctx: Ctx, pageIndex: number, pageSize: number) {
  const where = inCompany(ctx, posters);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(posters)
      .where(where)
      .orderBy(asc(posters.sort), asc(posters.id))
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(posters).where(where),
  ]);
  return { data: rows.map(posterOut), totalCount: n, pageIndex };
}

export const posterOut = (p: typeof posters.$inferSelect) => ({
  id: p.id,
  title: p.title,
  imageUrl: p.imageUrl,
  videoPicUrl: p.videoPicUrl,
  createTime: p.createdAt.toISOString(),
});

export async function posterInCompany(db: DbOrTx, ctx: Ctx, id: number) {
  const [row] = await db
    .select()
    .from(posters)
    .where(inCompany(ctx, posters, eq(posters.id, id)));
  return ownedOr404(row, '海报不存在');
}

// ---------- mini-websites ----------

async function websiteInCompany(db: DbOrTx, ctx: Ctx, id: number) {
  const [row] = await db
    .select()
    .from(miniWebsites)
    .where(inCompany(ctx, miniWebsites, eq(miniWebsites.id, id)));
  return ownedOr404(row, '微官网不存在');
}

async function checkBlocks(app: FastifyInstance, ctx: Ctx, blocks: WebsiteBlock[]) {
  for (const b of blocks) {
    if (b.type === 'article' || b.type === 'video') await contentOr404(app, ctx, b.type, b.id, 'blocks');
  }
}

type SiteRow = typeof miniWebsites.$inferSelect;

/**
 * The titles of the articles and videos the sites' blocks name (`kind:id`), one query a kind for the whole list; one
 * the reader may no longer see is left out as a deleted one is, as a save would refuse both (checkBlocks).
 */
async function blockTitles(app: FastifyInstance, ctx: Ctx, sites: SiteRow[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const kind of ['article', 'video'] as const) {
    const ids = new Set(
      sites.flatMap((w) => (w.blocks as WebsiteBlock[]).flatMap((b) => (b.type === kind ? [b.id] : []))),
    );
    for (const h of await app.ports.content.headings(app.db, ctx.companyId, kind, [...ids]))
      if (canSee(ctx, h.sharedToCompany, h.createdBy)) titles.set(`${kind}:${h.id}`, h.title);
  }
  return titles;
}

export async function websiteList(app: FastifyInstance, ctx: Ctx, onlyMine: boolean) {
  const rows = await app.db
    .select({ w: miniWebsites, createBy: users.name })
    .from(miniWebsites)
    .innerJoin(users, eq(users.id, miniWebsites.createdBy))
    .where(inCompany(ctx, miniWebsites, onlyMine ? eq(miniWebsites.createdBy, ctx.userId) : undefined))
    .orderBy(asc(miniWebsites.sort), asc(miniWebsites.id));
  const titles = await blockTitles(
    app,
    ctx,
    rows.map((r) => r.w),
  );
  return { data: rows.map((r) => websiteOut(ctx, r.w, r.createBy, titles)), totalCount: rows.length, pageIndex: 1 };
}

const websiteOut = (ctx: Ctx, w: SiteRow, createBy: string, titles: Map<string, string>): Website => ({
  id: w.id,
  title: w.title,
  cover: w.cover,
  blocks: (w.blocks as WebsiteBlock[]).map((b) =>
    b.type === 'article' || b.type === 'video' ? { ...b, title: titles.get(`${b.type}:${b.id}`) ?? null } : b,
  ),
  sort: w.sort,
  createBy,
  createTime: w.createdAt.toISOString(),
  canEdit: canEdit(ctx, w.createdBy),
});

/** A mini-website is changed or deleted by whoever made it or an administrator, as an article or a video. */
async function editableWebsite(db: DbOrTx, ctx: Ctx, id: number) {
  const w = await websiteInCompany(db, ctx, id);
  if (!canEdit(ctx, w.createdBy)) throw forbidden('只有创建者或管理员可以修改此微官网');
  return w;
}

export async function createWebsite(app: FastifyInstance, ctx: Ctx, body: WebsiteBody) {
  await checkBlocks(app, ctx, body.blocks);
  const [{ max }] = await app.db
    .select({ max: sql<number>`coalesce(max(${miniWebsites.sort}), 0)::int` })
    .from(miniWebsites)
    .where(inCompany(ctx, miniWebsites));
  const [row] = await app.db
    .insert(miniWebsites)
    .values({ ...body, companyId: ctx.companyId, createdBy: ctx.userId, sort: max + 1 })
    .returning();
  return websiteOut(ctx, row, ctx.name, await blockTitles(app, ctx, [row]));
}

export async function modifyWebsite(app: FastifyInstance, ctx: Ctx, id: number, body: WebsiteBody) {
  await editableWebsite(app.db, ctx, id);
  await checkBlocks(app, ctx, body.blocks);
  await app.db
    .update(miniWebsites)
    .set({ ...body, updatedAt: new Date() })
    .where(inCompany(ctx, miniWebsites, eq(miniWebsites.id, id)));
}

export async function deleteWebsite(db: DbOrTx, ctx: Ctx, id: number) {
  await editableWebsite(db, ctx, id);
  await db.delete(miniWebsites).where(inCompany(ctx, miniWebsites, eq(miniWebsites.id, id)));
}

/** Saves the order of the given ids (1, 2, 3, …) all at once, or nothing when one id is not the company's. */
export async function sortWebsites(app: FastifyInstance, ctx: Ctx, ids: number[]) {
  if (new Set(ids).size !== ids.length) throw badRequest('ids: 重复的编号', 'ids');
  await app.db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: miniWebsites.id })
      .from(miniWebsites)
      .where(inCompany(ctx, miniWebsites, inArray(miniWebsites.id, ids)));
    if (owned.length !== ids.length) throw notFound('微官网不存在');
    for (const [i, id] of ids.entries()) {
      await tx
        .update(miniWebsites)
        .set({ sort: i + 1 })
        .where(inCompany(ctx, miniWebsites, eq(miniWebsites.id, id)));
    }
  });
}
