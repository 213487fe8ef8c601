/** Public share pages `/s/<code>…` (no session); their forms (lead-forms.ts) and beacon (beacon.ts) beside. */
import { createHash } from 'node:crypto';
import { FORWARD_TOKEN_RE, type ShareSettings, truncatePosition, type WebsiteBlock } from '@huoke/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache } from '../../lib/bounded-cache.js';
import type { CompanyVersions } from '../../lib/company-versions.js';
import { compressedVariants, type Encoded } from '../../lib/compressed.js';
import { type Lang, langOf } from '../../lib/lang.js';
import type { ContentItem, ContentKind } from '../../ports/index.js';
import { beaconRoutes, type ShareCache } from './beacon.js';
import { cspOf, sendHtml } from './html-reply.js';
import { leadFormRoutes } from './lead-forms.js';
import { pageText } from './page-text.js';
import {
  articleBody,
  articleFooter,
  blankPage,
  type CardView,
  cardBlock,
  documentBody,
  esc,
  forms,
  layout,
  type Related,
  vcard,
  videoBody,
  websiteBody,
} from './pages.js';
import { posterArtOf } from './poster-image.js';
import { qrPng } from './qr-png.js';
import {
  baseUrl,
  type CardRow,
  cardById,
  isLive,
  kindName,
  shareByCode,
  sharerCard,
  sharerSees,
  websiteById,
} from './service.js';
import { hasVisitorKey, VID_RE, visitorKey } from './visitor-id.js';

const WX_STATE = 'hkwx';

/**
 * Inside WeChat, with the OAuth adapter configured (off by default), a visitor without an id is
 * sent once through WeChat's silent authorisation (snsapi_base) so that the same person keeps one
 * identity across phones and cleared cookies: the id is derived from the openid, never the openid.
 */
async function wechatIdentity(
  app: FastifyInstance,
  req: FastifyRequest<{ Params: { code: string }; Querystring: { code?: string; state?: string; f?: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const ua = String(req.headers['user-agent'] ?? '');
  if (!app.wechat.configured || !/MicroMessenger/i.test(ua) || hasVisitorKey(req)) return undefined;
  const { code, state, f } = req.query;
  const page = `/s/${req.params.code}${f && FORWARD_TOKEN_RE.test(f) ? `?f=${f}` : ''}`;
  if (code && state === WX_STATE) {
    let vid: string | undefined;
    let unionId: string | undefined;
    try {
      const wx = app.wechat;
      const who = wx.identityFromCode ? await wx.identityFromCode(code) : { openId: await wx.openIdFromCode(code) };
      vid = `wx${createHash('sha256').update(`${app.config.secret}:${who.openId}`).digest('base64url').slice(0, 30)}`;
      unionId = who.unionId;
    } catch (err) {
      req.log.warn({ err }, 'WeChat authorisation failed: a random visitor id is used');
    }
    if (vid && unionId) vid = (await sameWechatUser(app, req, req.params.code, vid, unionId)) ?? vid;
    visitorKey(req, reply, vid);
    return reply.redirect(page);
  }
  const u = new URL('https://open.weixin.qq.com/connect/oauth2/authorize');
  u.searchParams.set('appid', app.config.WECHAT_APP_ID ?? '');
  u.searchParams.set('redirect_uri', `${baseUrl(app, req)}${page}`);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('scope', 'snsapi_base');
  u.searchParams.set('state', WX_STATE);
  return reply.redirect(`${u.toString()}#wechat_redirect`);
}

/** The same WeChat user (unionid) as an older lead of the share's company: the key of that lead (a merge if need be). */
async function sameWechatUser(
  app: FastifyInstance,
  req: FastifyRequest,
  code: string,
  vid: string,
  unionId: string,
): Promise<string | undefined> {
  try {
    const share = await app.ports.shares.resolve(app.db, code);
    if (!share || !app.ports.radar.wechatUser) return undefined;
    const kept = await app.ports.radar.wechatUser(share, vid, unionId);
    return kept && VID_RE.test(kept.visitorKey) ? kept.visitorKey : undefined;
  } catch (err) {
    req.log.warn({ err }, 'WeChat unionid not applied');
    return undefined;
  }
}

const absolute = (base: string, u: string | null | undefined) => (u ? (u.startsWith('/') ? base + u : u) : undefined);

type Loaded = { status: 404 | 410 } | { status: 200; html: string; companyId?: number; expiresAt?: Date | null };

const cardShow = (c: CardRow) => ({
  company: c.isShowCompany,
  position: c.isShowPosition,
  weChat: c.isShowWeChat,
  phone: c.isShowPhone,
});

async function renderShare(app: FastifyInstance, req: FastifyRequest, code: string, lang: Lang): Promise<Loaded> {
  const row = await shareByCode(app.db, code);
  if (!row) return { status: 404 };
  const { share } = row;
  if (!isLive(share)) return { status: 410 };
  const loaded = await renderLive(app, req, code, row, lang);
  return loaded.status === 200 ? { ...loaded, companyId: share.companyId, expiresAt: share.expiresAt } : loaded;
}

/** What every kind of share page is built from: the share, its sharer's card, and the page frame with the forms. */
interface PageParts {
  app: FastifyInstance;
  share: NonNullable<Awaited<ReturnType<typeof shareByCode>>>['share'];
  companyName: string;
  sharer: CardRow | undefined;
  sharerBlock: string;
  lang: Lang;
  get: (kind: ContentKind, id: number) => Promise<ContentItem | undefined>;
  page: (meta: { title: string; description: string; image?: string | null }, body: string) => string;
}

async function renderLive(
  app: FastifyInstance,
  req: FastifyRequest,
  code: string,
  { share, companyName }: NonNullable<Awaited<ReturnType<typeof shareByCode>>>,
  lang: Lang,
): Promise<Loaded> {
  const base = baseUrl(app, req);
  const url = `${base}/s/${code}`;
  const sharer = await sharerCard(app.db, share.companyId, share.sharerId);
  const tail = forms(code, app.config.SUPPORT_PHONE, undefined, lang);
  const parts: PageParts = {
    app,
    share,
    companyName,
    sharer: sharer ?? undefined,
    sharerBlock: sharer ? cardBlock({ card: sharer, companyName, show: cardShow(sharer) }, { lang }) : '',
    lang,
    get: (kind, id) => app.ports.content.get(app.db, share.companyId, kind, id),
    page: (meta, body) => layout({ ...meta, image: absolute(base, meta.image), url, code }, body + tail, lang),
  };
  const kind = kindName(share.kind);
  if (kind === 'article' || kind === 'video' || kind === 'document') return contentPage(parts, kind);
  if (kind === 'card') return cardPage(parts, code);
  if (kind === 'website') return websitePage(parts);
  return { status: 404 };
}

/** An article, video or document; an article also shows the card the sharer chose, related content and the footer. */
async function contentPage(parts: PageParts, kind: 'article' | 'video' | 'document'): Promise<Loaded> {
  const { app, share, companyName, sharer, sharerBlock, lang, get, page } = parts;
  const item = share.contentId ? await get(kind, share.contentId) : undefined;
  if (!item || item.companyId !== share.companyId) return { status: 410 };
  if (!(await sharerSees(app.db, share.companyId, share.sharerId, item.sharedToCompany, item.createdBy)))
    return { status: 410 };
  const meta = { title: item.title, description: item.summary.slice(0, 120), image: item.cover };
  if (kind === 'video') return { status: 200, html: page(meta, videoBody(item, sharerBlock)) };
  if (kind === 'document') return { status: 200, html: page(meta, documentBody(item, sharerBlock, lang)) };
  const s = share.settings as Partial<ShareSettings>;
  const chosen: CardView | undefined =
    s.isShowCard && sharer
      ? {
          card: sharer,
          companyName,
          show: {
            company: !!s.isShowCompany,
            position: !!s.isShowPosition,
            weChat: !!s.isShowWeChat,
            phone: !!s.isShowPhone,
          },
        }
      : undefined;
  const related: Related[] = [];
  const wanted: [Related['kind'], number[] | undefined][] = [
    ['article', s.relationIds],
    ['video', s.relationWjtVideoIds],
    ['document', s.relationWjtDocumentIds],
  ];
  for (const [k, ids] of wanted)
    for (const id of (ids ?? []).slice(0, 3)) {
      const r = await visibleItem(parts, k, id);
      if (r) related.push({ kind: k, item: r });
    }
  const editor = articleFooter(await app.ports.editor.settings(app.db, share.companyId));
  const footer = editor.style + editor.footer;
  return {
    status: 200,
    html: page(
      meta,
      articleBody(item, chosen ? cardBlock(chosen, { recommend: true, lang }) : '', related, footer, lang),
    ),
  };
}

/** An e-card, in full, with its vCard link. */
async function cardPage({ app, share, companyName, lang, page }: PageParts, code: string): Promise<Loaded> {
  const card = await cardById(app.db, share.companyId, share.contentId ?? 0);
  if (!card) return { status: 410 };
  const meta = {
    title: pageText(lang).cardOf(card.name),
    // What the card hides stays out of the link's preview too.
    description: [card.isShowPosition && truncatePosition(card.duties), card.isShowCompany && companyName]
      .filter(Boolean)
      .join(' · '),
    image: card.avatar || null,
  };
  const body = cardBlock(
    { card, companyName, show: cardShow(card) },
    { full: true, vcardUrl: `/s/${code}/vcard`, lang },
  );
  return { status: 200, html: page(meta, `<h1>${esc(pageText(lang).cardOf(card.name))}</h1>${body}`) };
}

/**
 * An item a page shows beside or inside its own (related content, a mini-website's blocks): the company's, and one
 * the sharer may still see, checked at every render as the page's own item is. An item its author kept to
 * themselves after the link was made (or the block was placed) is left out, not published by a colleague's link.
 */
async function visibleItem(
  { app, share, get }: PageParts,
  kind: ContentKind,
  id: number,
): Promise<ContentItem | undefined> {
  const it = await get(kind, id);
  if (!it || it.companyId !== share.companyId) return undefined;
  return (await sharerSees(app.db, share.companyId, share.sharerId, it.sharedToCompany, it.createdBy)) ? it : undefined;
}

/** A mini-website: its blocks, with the articles and videos they name (the company's own, that the sharer sees). */
async function websitePage(parts: PageParts): Promise<Loaded> {
  const { app, share, companyName, sharerBlock, page } = parts;
  const site = await websiteById(app.db, share.companyId, share.contentId ?? 0);
  if (!site) return { status: 410 };
  const blocks = site.blocks as WebsiteBlock[];
  const items = new Map<string, ContentItem>();
  for (const b of blocks)
    if (b.type === 'article' || b.type === 'video') {
      const it = await visibleItem(parts, b.type, b.id);
      if (it) items.set(`${b.type}:${b.id}`, it);
    }
  const text = blocks.find((b) => b.type === 'text') as { text: string } | undefined;
  const meta = { title: site.title, description: (text?.text ?? companyName).slice(0, 120), image: site.cover || null };
  return { status: 200, html: page(meta, websiteBody({ ...site, blocks }, items, sharerBlock)) };
}

/**
 * Rendered share pages by code and address. A page is served from here until its company writes anything through
 * the console on any server copy (CompanyVersions), the share expires, or PAGE_TTL_MS passes (the bound should a
 * notice be lost): a campaign's burst of visitors costs one render, not a render each.
 */
const PAGE_TTL_MS = 10_000;
class PageCache {
  private readonly map = new BoundedCache<
    string,
    { body: (acceptEncoding: string) => Encoded; csp: string; companyId: number; version: number; until: number }
  >(2000);
  constructor(private readonly versions: CompanyVersions) {}
  /**
   * The kept page while it is current. A hit first waits for the notices other copies committed before it
   * (CompanyVersions.settle): a page deleted, stopped or edited through another copy that has answered is never
   * served from here. A miss does not wait: its render reads the database.
   */
  async get(key: string) {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.until > Date.now() && hit.version === this.versions.of(hit.companyId)) {
      await this.versions.settle();
      if (hit.version === this.versions.of(hit.companyId)) return hit;
    }
    if (this.map.get(key) === hit) this.map.delete(key);
    return undefined;
  }
  /** Read before a page is rendered, and given to `set`. */
  mark(): number {
    return this.versions.changes();
  }
  /**
   * Keeps a rendered page under the company's version, unless a console change (of any company: the page's is known
   * only from the render) came while it was rendered: read after the render, the version could count an edit the
   * render did not see, and the old page would be served as fresh until PAGE_TTL_MS.
   */
  set(key: string, html: string, companyId: number, expiresAt: Date | null | undefined, mark: number) {
    const until = Math.min(Date.now() + PAGE_TTL_MS, expiresAt ? expiresAt.getTime() : Number.POSITIVE_INFINITY);
    // Encoded once (and compressed for phones that accept it) rather than on every view.
    const body = compressedVariants(html);
    const version = this.versions.changes() === mark ? this.versions.of(companyId) : Number.NaN;
    const entry = { body, csp: cspOf(html), companyId, version, until };
    this.map.set(key, entry);
    return entry;
  }
}

export async function publicRoutes(app: FastifyInstance, cache: ShareCache) {
  const tags = ['sharing-public'];
  const pages = new PageCache(app.companyVersions);

  app.get<{ Params: { n: string } }>('/s/art/:n', { schema: { hide: true } }, async (req, reply) => {
    const svg = posterArtOf(req.params.n);
    if (!svg) return reply.callNotFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  app.get<{ Params: { code: string }; Querystring: { code?: string; state?: string; f?: string } }>(
    '/s/:code',
    { schema: { tags, summary: '分享页（文章、名片、文件、视频、微官网）' } },
    async (req, reply) => {
      // The visitor's language: the page's fixed text follows it (a page is cached per language).
      const lang = langOf(req.headers['accept-language']);
      const key = `${lang}:${baseUrl(app, req)}/s/${req.params.code}`;
      let page = await pages.get(key);
      if (!page) {
        const mark = pages.mark();
        const loaded = await renderShare(app, req, req.params.code, lang);
        if (loaded.status !== 200)
          return sendHtml(reply, loaded.status, blankPage(loaded.status, `${baseUrl(app, req)}${req.url}`, lang));
        page = pages.set(key, loaded.html, loaded.companyId ?? 0, loaded.expiresAt, mark);
      }
      const wx = await wechatIdentity(app, req, reply);
      if (wx) return wx;
      visitorKey(req, reply);
      return sendHtml(reply, 200, page.body(String(req.headers['accept-encoding'] ?? '')), page.csp);
    },
  );

  app.get<{ Params: { code: string } }>(
    '/s/:code/vcard',
    { schema: { tags, summary: '名片：保存到通讯录 (vCard)' } },
    async (req, reply) => {
      const lang = langOf(req.headers['accept-language']);
      const row = await shareByCode(app.db, req.params.code);
      if (!row) return sendHtml(reply, 404, blankPage(404, req.url, lang));
      if (!isLive(row.share) || kindName(row.share.kind) !== 'card')
        return sendHtml(reply, 410, blankPage(410, req.url, lang));
      const card = await cardById(app.db, row.share.companyId, row.share.contentId ?? 0);
      if (!card) return sendHtml(reply, 410, blankPage(410, req.url, lang));
      return reply
        .type('text/vcard; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="card.vcf"; filename*=UTF-8''${encodeURIComponent(card.name)}.vcf`,
        )
        .send(vcard(card, row.companyName));
    },
  );

  app.get<{ Params: { code: string } }>(
    '/s/:code/qr.png',
    { schema: { tags, summary: '分享链接二维码 (PNG)' } },
    async (req, reply) => {
      const row = await shareByCode(app.db, req.params.code);
      if (!row || !isLive(row.share)) return reply.callNotFound();
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=3600')
        .send(qrPng(`${baseUrl(app, req)}/s/${row.share.code}`));
    },
  );

  leadFormRoutes(app);
  beaconRoutes(app, cache);
}
