/** A visitor's forward link (`/s/<code>/forward`) and the tracking beacon `/api/t` of share pages. */
import { EVENT_KIND, TRACK_ACTIONS, trackBody } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import { BoundedCache } from '../../lib/bounded-cache.js';
import type { CompanyVersions } from '../../lib/company-versions.js';
import { badRequest, sendProblem, unavailable } from '../../lib/errors.js';
import { limitAddress } from '../../lib/ip-address.js';
import { langOf } from '../../lib/lang.js';
import type { EventKind, ShareInfo } from '../../ports/index.js';
import { pageText } from './page-text.js';
import { baseUrl, resolveShare } from './service.js';
import { BOT_RE, VID_RE, VISITOR_COOKIE } from './visitor-id.js';

const TRACK_LIMITS = { perVisitor: 60, perIp: 300, windowMs: 60_000 } as const;
/**
 * Events the ingest may hold unstored (about 2 s of the measured PostgreSQL rate): above it the beacon answers 503
 * with Retry-After instead of acknowledging what memory would have to keep.
 */
export const TRACK_MAX_BACKLOG = 20_000;

/**
 * Resolved codes, so the beacon does not cost a query per event. An entry holds while its company's console
 * version is the one it was read under (stopping a link, deleting its content or a member moves it, in every
 * server copy; a hit waits for the notices committed before it, but the beacon's); a code that resolved to nothing is
 * asked again after a few seconds.
 */
export class ShareCache {
  private readonly map = new BoundedCache<string, { info: ShareInfo | undefined; at: number; version: number }>(5000);
  constructor(
    private readonly versions: CompanyVersions,
    private readonly ttlMs = 30_000,
    private readonly missTtlMs = 2_000,
  ) {}
  /**
   * `settle: false` (the beacon) takes a hit without waiting for the notices: it serves nothing, and an event of a
   * link stopped on another copy a moment ago is stored as one sent a moment earlier would have been. Waiting cost
   * tracking a tenth to a fifth of its events per second on PostgreSQL (`npm run bench -- quick`, this build against
   * the one before the wait, two rounds each, 2026-12-06: CPU per event 0.14 → 0.18 ms).
   */
  async get(code: string, load: () => Promise<ShareInfo | undefined>, { settle = true } = {}) {
    const hit = this.map.get(code);
    if (hit && Date.now() - hit.at < (hit.info ? this.ttlMs : this.missTtlMs)) {
      if (!hit.info) return undefined;
      // Notices other copies committed before this request are applied first (CompanyVersions.settle): a link
      // stopped, or its content deleted, through a copy that has answered is not taken as live here.
      if (hit.version === this.versions.of(hit.info.companyId)) {
        if (!settle) return hit.info;
        await this.versions.settle();
        if (hit.version === this.versions.of(hit.info.companyId)) return hit.info;
      }
    }
    // The version is read before the load where the company is known (a change during the load makes it stale);
    // where it is not, a change of any company during the load leaves the entry stale (NaN never matches): the
    // version read afterwards could count a stop the load did not see, and keep a stopped link alive for 30 s.
    const known = hit?.info?.companyId;
    const before = known === undefined ? undefined : this.versions.of(known);
    const mark = this.versions.changes();
    const info = await load();
    const version = !info
      ? 0
      : info.companyId === known && before !== undefined
        ? before
        : this.versions.changes() === mark
          ? this.versions.of(info.companyId)
          : Number.NaN;
    this.map.set(code, { info, at: Date.now(), version });
    return info;
  }
  delete(code: string) {
    this.map.delete(code);
  }
}

export function beaconRoutes(app: FastifyInstance, cache: ShareCache) {
  const tags = ['sharing-public'];
  forwardRoute(app, cache, tags);
  trackRoute(app, cache, tags);
}

function forwardRoute(app: FastifyInstance, cache: ShareCache, tags: string[]) {
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
      // A forward is recorded for a visitor who opened this share (one who never did forwarded nothing they read:
      // a script posting here with fresh cookies made a new lead and a 🔥 notice each time), within the beacon's
      // limits per address and per visitor.
      if (
        req.method === 'POST' &&
        app.beaconLimiter.hit(`t:ip:${limitAddress(req.ip)}`, TRACK_LIMITS.perIp, TRACK_LIMITS.windowMs) &&
        app.beaconLimiter.hit(`t:v:${vid}`, TRACK_LIMITS.perVisitor, TRACK_LIMITS.windowMs) &&
        (await app.ports.chains.opened(share, vid))
      )
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
}

function trackRoute(app: FastifyInstance, cache: ShareCache, tags: string[]) {
  // A beacon is answered 204 on receipt; its share is resolved and its event queued afterwards (the radar accepts
  // the task). At shutdown, once the server takes no more requests (onClose), these finish and the ingest stores
  // them before the database closes.
  app.addHook('onClose', () => app.ports.radar.drain());

  app.post(
    '/api/t',
    {
      config: { public: true },
      // Beacons are not logged one by one at info (two lines per event at 10,000 events/s); warnings and errors are.
      logLevel: 'warn',
      bodyLimit: 2048,
      schema: {
        tags,
        summary: '分享页行为上报（立即 204；繁忙时 503 + Retry-After，页面稍后重发）',
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
      if (!app.beaconLimiter.hit(`t:ip:${limitAddress(req.ip)}`, TRACK_LIMITS.perIp, TRACK_LIMITS.windowMs))
        return reply;
      if (!app.beaconLimiter.hit(`t:v:${vid}`, TRACK_LIMITS.perVisitor, TRACK_LIMITS.windowMs)) return reply;
      const body = parsed.data;
      const ip = req.ip;
      const task = (async () => {
        const share = await cache.get(body.code, () => resolveShare(app, app.db, body.code), { settle: false });
        if (!share?.active) return;
        // The kind is the share's, never the body's: a page sends none, and a forged one scored as another kind
        // (a download on an article scored as saving the e-card).
        const kind: EventKind =
          body.action === 'call' ? EVENT_KIND.phoneCall : body.action === 'wechat' ? EVENT_KIND.addWeChat : share.kind;
        const event = {
          share,
          visitorKey: vid,
          action: body.action,
          kind,
          ...(body.durationMs !== undefined ? { durationMs: body.durationMs } : {}),
          ...(body.totalMs !== undefined && body.action === 'read' ? { totalMs: body.totalMs } : {}),
          ip,
          userAgent: ua.slice(0, 400),
          at: new Date(),
        };
        if (body.f && body.action === 'view')
          await app.ports.chains.view(event, body.f, (e) => app.ports.radar.record(e));
        else await app.ports.radar.record(event);
      })().catch((err) => req.log.warn({ err }, 'tracking event dropped'));
      app.ports.radar.accept(task);
      return reply;
    },
  );
}
