/** The share page's lead forms: 立即咨询 (consult) and 留言 (message), posted as a form or as JSON. */
import { createHash } from 'node:crypto';
import { MOBILE_RE } from '@huoke/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitAddress } from '../../lib/ip-address.js';
import { langOf } from '../../lib/lang.js';
import { sendHtml } from './html-reply.js';
import { FORM_MESSAGE_MAX, FORM_NAME_MAX, pageText } from './page-text.js';
import { esc, layout } from './pages.js';
import { resolveShare } from './service.js';
import { visitorKey } from './visitor-id.js';

export const FORM_LIMITS = { perIp: 10, windowMs: 10 * 60_000 } as const;

/**
 * The same form sent again by the same visitor within this window (a double tap, a resend after a slow answer, a
 * reload of the answer page) is answered as received and stored once: a second consult told the sharer twice,
 * scored twice and showed two consults in the lead's timeline. Counted in the database, so it holds across copies.
 */
const FORM_REPEAT_MS = 10 * 60_000;

const repeatKey = (action: string, companyId: number, visitor: string, fields: string[]) =>
  `share-form-once:${action}:${companyId}:${visitor}:${createHash('sha256').update(fields.join('\u0000')).digest('base64url')}`;

function formBody(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (b && typeof b === 'object' && !Array.isArray(b)) return b as Record<string, unknown>;
  return {};
}

/**
 * A field as the visitor typed it: a string, trimmed (a JSON client's number, such as a phone, as its digits);
 * anything else (a list, an object, true) is no answer at all and reads as empty, so it is refused like a missing
 * field rather than stored as "[object Object]" or "张三,李四".
 */
const text = (v: unknown) =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
/** Characters as a visitor counts them (code points): an emoji is one, not two UTF-16 units. */
const chars = (s: string) => [...s].length;

export function leadFormRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const tags = ['sharing-public'];
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
        const name = text(f.name);
        const phone = text(f.phone);
        const message = action === 'message' ? text(f.message) : '';
        if (!name) return answer(400, false, x.nameRequired);
        if (chars(name) > FORM_NAME_MAX) return answer(400, false, x.nameTooLong);
        if (!phone) return answer(400, false, x.mobileRequired);
        if (!MOBILE_RE.test(phone)) return answer(400, false, x.mobileInvalid);
        if (action === 'message' && !message) return answer(400, false, x.messageRequired);
        if (chars(message) > FORM_MESSAGE_MAX) return answer(400, false, x.messageTooLong);
        const visitor = visitorKey(req, reply);
        const received = () =>
          answer(200, true, action === 'consult' ? x.consultReceived(app.config.SUPPORT_PHONE) : x.messageReceived);
        const once = repeatKey(action, info.companyId, visitor, [info.code, name, phone, message]);
        if (!(await app.limiter.hit(once, 1, FORM_REPEAT_MS))) return received();
        if (!(await app.limiter.hit(`share-form:${limitAddress(req.ip)}`, FORM_LIMITS.perIp, FORM_LIMITS.windowMs))) {
          await app.limiter.release(once);
          return answer(429, false, x.tooOften);
        }
        const form = {
          share: info,
          visitorKey: visitor,
          name,
          phone,
          ...(action === 'message' ? { message } : {}),
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? '').slice(0, 400),
        };
        // The browser keeps its own key whatever the phone: a typed phone proves nothing (radar/share-forms.ts).
        try {
          await (action === 'consult' ? app.ports.radar.consult(form) : app.ports.radar.leaveMessage(form));
        } catch (e) {
          // Not stored: the visitor's retry must be taken.
          await app.limiter.release(once);
          throw e;
        }
        return received();
      },
    );
  leadForm('consult');
  leadForm('message');
}
