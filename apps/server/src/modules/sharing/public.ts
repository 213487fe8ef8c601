/** Public share pages `/s/<code>…` and the tracking beacon `/api/t` (no session). */
import { createHash, randomBytes } from 'node:crypto';
import {
  EVENT_KIND,
  FORWARD_TOKEN_RE,
  MOBILE_RE,
  type ShareSettings,
  TRACK_ACTIONS,
  trackBody,
  type WebsiteBlock,
} from '@huoke/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CompanyVersions } from '../../lib/company-versions.js';
import { compressedVariants, type Encoded } from '../../lib/compressed.js';
import { badRequest, sendProblem, unavailable } from '../../lib/errors.js';
import { type Lang, langOf } from '../../lib/lang.js';
import type { ContentItem, ContentKind, EventKind, ShareInfo } from '../../ports/index.js';
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
import { posterArt } from './poster-image.js';
import {
  baseUrl,
  type CardRow,
  cardById,
  isLive,
  kindName,
  qrPng,
  resolveShare,
  shareByCode,
  sharerCard,
  websiteById,
} from './service.js';

export const VISITOR_COOKIE = 'hk_vid';
const VID_RE = /^[A-Za-z0-9_-]{16,64}$/;
const YEAR_S = 365 * 86_400;
/** Declared crawlers, link-preview fetchers and scripted clients: never a visitor. */
export const BOT_RE =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link|whatsapp|telegram|curl\/|wget\/|python-requests|python-urllib|httpclient|okhttp|go-http-client|java\/|libwww|scrapy|axios\/|node-fetch|lighthouse|pagespeed/i;

export const TRACK_LIMITS = { perVisitor: 60, perIp: 300, windowMs: 60_000 } as const;
/**
 * Events the ingest may hold unstored (about 2 s of the measured PostgreSQL rate): above it the beacon answers 503
 * with Retry-After instead of acknowledging what memory would have to keep.
 */
export const TRACK_MAX_BACKLOG = 20_000;
export const FORM_LIMITS = { perIp: 10, windowMs: 10 * 60_000 } as const;

const PAGE_SCRIPT_HASH = (html: string) => {
  const m = /<script>([\s\S]*?)<\/script>/.exec(html);
  return m ? `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'` : "'none'";
};

const cspOf = (html: string) =>
  `default-src 'self'; img-src * data: blob:; media-src *; style-src 'unsafe-inline'; script-src ${PAGE_SCRIPT_HASH(html)}; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** A page: rendered now (a string), or cached and encoded for the request (with its policy, computed once). */
function sendHtml(reply: FastifyReply, status: number, html: string, csp?: string): FastifyReply;
function sendHtml(reply: FastifyReply, status: number, html: Encoded, csp: string): FastifyReply;
function sendHtml(reply: FastifyReply, status: number, html: string | Encoded, csp?: string) {
  csp ??= cspOf(html as string);
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('content-security-policy', csp);
  if (typeof html === 'string') return reply.send(html);
  if (html.encoding) reply.header('content-encoding', html.encoding);
  return reply.header('vary', 'accept-encoding').send(html.body);
}

const hasVisitorKey = (req: FastifyRequest) => VID_RE.test(req.cookies[VISITOR_COOKIE] ?? '');

/**
 * 128 random bits as base64url, cut from a 4 KiB pool: asking the kernel for 16 bytes on every first page view
 * was an eighth of a share page's CPU under a campaign's burst of new visitors.
 */
let idPool = Buffer.alloc(0);
let idOffset = 0;
function newVisitorId(): string {
  if (idOffset + 16 > idPool.length) {
    idPool = randomBytes(4096);
    idOffset = 0;
  }
  const id = idPool.subarray(idOffset, idOffset + 16).toString('base64url');
  idOffset += 16;
  return id;
}

/** The visitor's first-party id, set on the first page view. */
function visitorKey(req: FastifyRequest, reply: FastifyReply, value?: string): string {
  const existing = req.cookies[VISITOR_COOKIE];
  if (!value && existing && VID_RE.test(existing)) return existing;
  const vid = value ?? newVisitorId();
  // Written directly (the id is base64url, nothing to escape): the cookie serializer cost 7% of a share page.
  reply.header(
    'set-cookie',
    `${VISITOR_COOKIE}=${vid}; Max-Age=${YEAR_S * 2}; Path=/; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`,
  );
  return vid;
}

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

async function renderLive(
  app: FastifyInstance,
  req: FastifyRequest,
  code: string,
  { share, companyName }: NonNullable<Awaited<ReturnType<typeof shareByCode>>>,
  lang: Lang,
): Promise<Loaded> {
  const base = baseUrl(app, req);
  const url = `${base}/s/${code}`;
  const db = app.db;
  const get = (kind: ContentKind, id: number) => app.ports.content.get(db, share.companyId, kind, id);
  const sharer = await sharerCard(db, share.companyId, share.sharerId);
  const sharerBlock = sharer ? cardBlock({ card: sharer, companyName, show: cardShow(sharer) }, { lang }) : '';
  const tail = forms(code, app.config.SUPPORT_PHONE, undefined, lang);
  const kind = kindName(share.kind);
  const page = (meta: { title: string; description: string; image?: string | null }, body: string) =>
    layout({ ...meta, image: absolute(base, meta.image), url, code }, body + tail, lang);

  if (kind === 'article' || kind === 'video' || kind === 'document') {
    const item = share.contentId ? await get(kind, share.contentId) : undefined;
    if (!item || item.companyId !== share.companyId) return { status: 410 };
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
        const r = await get(k, id);
        if (r && r.companyId === share.companyId) related.push({ kind: k, item: r });
      }
    const editor = articleFooter(await app.ports.editor.settings(db, share.companyId));
    const footer = editor.style + editor.footer;
    return {
      status: 200,
      html: page(
        meta,
        articleBody(item, chosen ? cardBlock(chosen, { recommend: true, lang }) : '', related, footer, lang),
      ),
    };
  }
  if (kind === 'card') {
    const card = await cardById(db, share.companyId, share.contentId ?? 0);
    if (!card) return { status: 410 };
    const meta = {
      title: pageText(lang).cardOf(card.name),
      description: [card.duties, companyName].filter(Boolean).join(' · '),
      image: card.avatar || null,
    };
    const body = cardBlock(
      { card, companyName, show: cardShow(card) },
      { full: true, vcardUrl: `/s/${code}/vcard`, lang },
    );
    return { status: 200, html: page(meta, `<h1>${esc(pageText(lang).cardOf(card.name))}</h1>${body}`) };
  }
  if (kind === 'website') {
    const site = await websiteById(db, share.companyId, share.contentId ?? 0);
    if (!site) return { status: 410 };
    const blocks = site.blocks as WebsiteBlock[];
    const items = new Map<string, ContentItem>();
    for (const b of blocks)
      if (b.type === 'article' || b.type === 'video') {
        const it = await get(b.type, b.id);
        if (it && it.companyId === share.companyId) items.set(`${b.type}:${b.id}`, it);
      }
    const text = blocks.find((b) => b.type === 'text') as { text: string } | undefined;
    const meta = {
      title: site.title,
      description: (text?.text ?? companyName).slice(0, 120),
      image: site.cover || null,
    };
    return { status: 200, html: page(meta, websiteBody({ ...site, blocks }, items, sharerBlock)) };
  }
  return { status: 404 };
}

/**
 * Rendered share pages by code and address. A page is served from here until its company writes anything through
 * the console (CompanyVersions), the share expires, or PAGE_TTL_MS passes (the bound for edits made on another
 * server copy): a campaign's burst of visitors costs one render, not a render each.
 */
const PAGE_TTL_MS = 10_000;
class PageCache {
  private readonly map = new Map<
    string,
    { body: (acceptEncoding: string) => Encoded; csp: string; companyId: number; version: number; until: number }
  >();
  constructor(private readonly versions: CompanyVersions) {}
  get(key: string) {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.until > Date.now() && hit.version === this.versions.of(hit.companyId)) return hit;
    this.map.delete(key);
    return undefined;
  }
  set(key: string, html: string, companyId: number, expiresAt: Date | null | undefined) {
    if (this.map.size >= 2000) this.map.delete(this.map.keys().next().value as string);
    const until = Math.min(Date.now() + PAGE_TTL_MS, expiresAt ? expiresAt.getTime() : Number.POSITIVE_INFINITY);
    // Encoded once (and compressed for phones that accept it) rather than on every view.
    const body = compressedVariants(html);
    const entry = { body, csp: cspOf(html), companyId, version: this.versions.of(companyId), until };
    this.map.set(key, entry);
    return entry;
  }
}

/** Short-lived cache of resolved codes: the beacon must not cost a query per event. */
class ShareCache {
  private readonly map = new Map<string, { info: ShareInfo | undefined; at: number }>();
  constructor(private readonly ttlMs = 30_000) {}
  async get(code: string, load: () => Promise<ShareInfo | undefined>) {
    const hit = this.map.get(code);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.info;
    const info = await load();
    if (this.map.size > 5000) this.map.clear();
    this.map.set(code, { info, at: Date.now() });
    return info;
  }
  delete(code: string) {
    this.map.delete(code);
  }
}

function formBody(req: FastifyRequest): Record<string, string> {
  const b = req.body;
  if (b && typeof b === 'object') return b as Record<string, string>;
  return {};
}

export async function publicRoutes(app: FastifyInstance, cache: ShareCache) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const tags = ['sharing-public'];
  const pages = new PageCache(app.companyVersions);

  app.get<{ Params: { n: string } }>('/s/art/:n', { schema: { hide: true } }, async (req, reply) => {
    const m = /^poster-(\d)\.svg$/.exec(req.params.n);
    const svg = m ? posterArt(Number(m[1])) : undefined;
    if (!svg) return reply.callNotFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  app.get<{ Params: { code: string }; Querystring: { code?: string; state?: string; f?: string } }>(
    '/s/:code',
    { schema: { tags, summary: '分享页（文章、名片、文件、视频、微网站）' } },
    async (req, reply) => {
      // The visitor's language: the page's fixed text follows it (a page is cached per language).
      const lang = langOf(req.headers['accept-language']);
      const key = `${lang}:${baseUrl(app, req)}/s/${req.params.code}`;
      let page = pages.get(key);
      if (!page) {
        const loaded = await renderShare(app, req, req.params.code, lang);
        if (loaded.status !== 200)
          return sendHtml(reply, loaded.status, blankPage(loaded.status, `${baseUrl(app, req)}${req.url}`, lang));
        page = pages.set(key, loaded.html, loaded.companyId ?? 0, loaded.expiresAt);
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
        .send(vcard(card, row.companyName, card.isShowPhone));
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
        .send(await qrPng(`${baseUrl(app, req)}/s/${row.share.code}`));
    },
  );

  const leadForm = (action: 'consult' | 'message') =>
    app.post<{ Params: { code: string } }>(
      `/s/:code/${action}`,
      { schema: { tags, summary: action === 'consult' ? '分享页：立即咨询（姓名、手机号）' : '分享页：留言' } },
      async (req, reply) => {
        const wantsJson = (req.headers.accept ?? '').includes('application/json');
        const code = req.params.code;
        const lang = langOf(req.headers['accept-language']);
        const x = pageText(lang);
        const answer = (status: number, ok: boolean, message: string) => {
          if (wantsJson) return reply.status(status).send({ ok, ...(ok ? { message } : { detail: message }) });
          const title = ok ? x.submitted : x.failed;
          const body = `<h1>${title}</h1><p class="${ok ? 'note' : 'err'}">${esc(message)}</p><p><a class="btn" href="/s/${esc(code)}">${x.back}</a></p>`;
          return sendHtml(reply, status, layout({ title, description: message, url: req.url }, body, lang));
        };
        const info = await resolveShare(app, app.db, code);
        if (!info) return answer(404, false, x.notFound);
        if (!info.active) return answer(410, false, x.shareGone);
        const f = formBody(req);
        const name = String(f.name ?? '').trim();
        const phone = String(f.phone ?? '').trim();
        const message = String(f.message ?? '').trim();
        if (!name || name.length > 30) return answer(400, false, x.nameRequired);
        if (!phone) return answer(400, false, x.mobileRequired);
        if (!MOBILE_RE.test(phone)) return answer(400, false, x.mobileInvalid);
        if (action === 'message' && (!message || message.length > 500)) return answer(400, false, x.messageRequired);
        if (!(await app.limiter.hit(`share-form:${req.ip}`, FORM_LIMITS.perIp, FORM_LIMITS.windowMs)))
          return answer(429, false, x.tooOften);
        const form = {
          share: info,
          visitorKey: visitorKey(req, reply),
          name,
          phone,
          ...(action === 'message' ? { message } : {}),
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? '').slice(0, 400),
        };
        const done = await (action === 'consult' ? app.ports.radar.consult(form) : app.ports.radar.leaveMessage(form));
        // The visitor's lead was merged into an older one with the same phone: the browser keeps that one's key.
        if (done && done.visitorKey !== form.visitorKey) visitorKey(req, reply, done.visitorKey);
        return answer(200, true, action === 'consult' ? x.consultReceived(app.config.SUPPORT_PHONE) : x.submitted);
      },
    );
  leadForm('consult');
  leadForm('message');

  // The visitor's own link to forward (`?f=` names them as the forwarder); POST (the share button) records a forward.
  app.route<{ Params: { code: string } }>({
    method: ['GET', 'POST'],
    url: '/s/:code/forward',
    schema: { tags, summary: '分享页：访客转发链接（POST 记一次转发）' },
    handler: async (req, reply) => {
      const share = await cache.get(req.params.code, () => resolveShare(app, app.db, req.params.code));
      if (!share)
        return reply.status(404).send({ ok: false, detail: pageText(langOf(req.headers['accept-language'])).notFound });
      if (!share.active)
        return reply.status(410).send({ ok: false, detail: pageText(langOf(req.headers['accept-language'])).gone });
      const url = `${baseUrl(app, req)}/s/${share.code}`;
      const ua = String(req.headers['user-agent'] ?? '');
      const vid = req.cookies[VISITOR_COOKIE];
      if (!vid || !VID_RE.test(vid) || !ua || BOT_RE.test(ua)) return { ok: true, url };
      const token = app.ports.chains.token(share, vid);
      if (req.method === 'POST' && app.beaconLimiter.hit(`t:v:${vid}`, TRACK_LIMITS.perVisitor, TRACK_LIMITS.windowMs))
        await app.ports.radar.record({
          share,
          visitorKey: vid,
          action: 'forward',
          kind: share.kind,
          ip: req.ip,
          userAgent: ua.slice(0, 400),
          at: new Date(),
        });
      return { ok: true, url: token ? `${url}?f=${token}` : url };
    },
  });

  // A beacon is answered 204 on receipt; its share is resolved and its event queued afterwards. At shutdown, once
  // the server takes no more requests (onClose), these finish and the ingest stores them before the database closes.
  const received = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    while (received.size) await Promise.allSettled([...received]);
    await app.ports.radar.drain();
  });

  app.post(
    '/api/t',
    {
      config: { public: true },
      // Beacons are not logged one by one at info (two lines per event at 10,000 events/s); warnings and errors are.
      logLevel: 'warn',
      bodyLimit: 2048,
      schema: {
        tags,
        summary: '分享页行为上报（sendBeacon；立即 204）',
        description: `action: ${TRACK_ACTIONS.join(' | ')}`,
        security: [],
      },
    },
    async (req, reply) => {
      let raw: unknown = req.body;
      if (typeof raw === 'string') {
        try {
          raw = JSON.parse(raw);
        } catch {
          raw = undefined;
        }
      }
      const parsed = trackBody.safeParse(raw);
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
        return sendProblem(reply, badRequest(`${field}: 无效`, field));
      }
      if (app.ports.radar.backlog() >= TRACK_MAX_BACKLOG)
        return sendProblem(reply, unavailable('服务繁忙，请稍后再试'));
      reply.status(204).send();
      const ua = String(req.headers['user-agent'] ?? '');
      const vid = req.cookies[VISITOR_COOKIE];
      if (!ua || BOT_RE.test(ua) || !vid || !VID_RE.test(vid)) return reply;
      if (!app.beaconLimiter.hit(`t:ip:${req.ip}`, TRACK_LIMITS.perIp, TRACK_LIMITS.windowMs)) return reply;
      if (!app.beaconLimiter.hit(`t:v:${vid}`, TRACK_LIMITS.perVisitor, TRACK_LIMITS.windowMs)) return reply;
      const body = parsed.data;
      const ip = req.ip;
      const task = (async () => {
        const share = await cache.get(body.code, () => resolveShare(app, app.db, body.code));
        if (!share?.active) return;
        const kind: EventKind =
          body.action === 'call'
            ? EVENT_KIND.phoneCall
            : body.action === 'wechat'
              ? EVENT_KIND.addWeChat
              : ((body.kind as EventKind | undefined) ?? share.kind);
        const event = {
          share,
          visitorKey: vid,
          action: body.action,
          kind,
          ...(body.durationMs !== undefined ? { durationMs: body.durationMs } : {}),
          ip,
          userAgent: ua.slice(0, 400),
          at: new Date(),
        };
        if (body.f && body.action === 'view')
          await app.ports.chains.view(event, body.f, (e) => app.ports.radar.record(e));
        else await app.ports.radar.record(event);
      })()
        .catch((err) => req.log.warn({ err }, 'tracking event dropped'))
        .finally(() => received.delete(task));
      received.add(task);
      return reply;
    },
  );
}

export { ShareCache };
