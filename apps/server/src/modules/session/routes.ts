import {
  accountFacts,
  adminPasswordBody,
  changePasswordBody,
  externalLoginAnswer,
  idParam,
  loginBody,
  okResult,
  phoneLoginBody,
  phoneResult,
  problem,
  SMS_CODE_TTL_S,
  SMS_COUNTDOWN_S,
  secretKeyAnswer,
  secretKeyParams,
  secretKeyQuery,
  sendCodeAnswer,
  sendCodeBody,
  tokenAnswer,
  type UserInfo,
  updatePhoneBody,
  userInfoAnswer,
  wechatBindBody,
  wechatCheckAnswer,
  wechatCheckQuery,
  wechatLoginQuery,
  wechatStateAnswer,
} from '@huoke/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberships, sessions } from '../../db/schema/index.js';
import { assertLoginOpens } from '../../lib/admin-password.js';
import { answerJson } from '../../lib/answer-serializer.js';
import { audit } from '../../lib/audit.js';
import { CtxAnswers } from '../../lib/ctx-answers.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { sendCode } from '../../lib/sms-codes.js';
import type { Ctx } from '../../lib/tenancy.js';
import {
  clearSessionCookie,
  crossSiteRefused,
  fromOwnOrigin,
  sentByScript,
  sessionToken,
  setSessionCookie,
  setWechatStateCookie,
  wechatStateCookie,
} from '../../plugins/auth.js';
import {
  adminSetPassword,
  changeOwnPassword,
  changePhone,
  exchangeLoginKey,
  externalAppKey,
  loginWithPhone,
  accountFacts as readAccountFacts,
  xpmfLogin,
} from './account.js';
import { loginWithPassword, userInfo } from './service.js';
import { bindWechat, checkWechat, ensureConfigured, issueState, STATE_TTL_MS, wechatLogin } from './wechat.js';

const tags = ['session'];
/** Problems a call may answer, for the OpenAPI document. */
const p = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, problem]));
const WECHAT_OFF = '未配置 WECHAT_APP_ID / WECHAT_APP_SECRET 时答 501 problem「微信未配置」。';

export async function sessionRoutes(app: FastifyInstance) {
  await app.register(loginRoutes);
  await app.register(keyRoutes);
  await app.register(accountRoutes);
  await app.register(wechatRoutes);
}

/** Logging in (password, SMS code), the current session, logging out, changing one's password. */
async function loginRoutes(app: FastifyInstance) {
  /** GET /usr/session is made of the session's Ctx alone. */
  const userInfoAnswers = new CtxAnswers();
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/usr/session',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '账号密码登录',
        description: '账号去除首尾空格；同一账号或同一 IP 连续失败过多答 429（窗口 15 分钟后自动解除）。',
        body: loginBody,
        response: { 200: tokenAnswer, ...p(400, 401, 429) },
        security: [],
      },
    },
    async (req, reply) => {
      refuseForeignLogin(req);
      return issued(req, reply, await loginWithPassword(app, req.body.account, req.body.password, req.ip));
    },
  );

  r.post(
    '/usr/session/PhoneLogin',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '手机号 + 短信验证码登录',
        description:
          '验证码由 SendCodeMsg（purpose=login）发送；错误答 400「验证码错误」，一个验证码最多试 5 次；同一号码 15 分钟内最多验证 10 次，超出答 429。',
        body: phoneLoginBody,
        response: { 200: tokenAnswer, ...p(400, 401, 429) },
        security: [],
      },
    },
    async (req, reply) => {
      refuseForeignLogin(req);
      return issued(req, reply, await loginWithPhone(app, req.body.mobile, req.body.code));
    },
  );

  r.get(
    '/usr/session',
    {
      schema: {
        tags,
        summary: '当前用户信息 (profile, roles, permissions, customerId)',
        response: { 200: userInfoAnswer, ...p(401, 410) },
      },
    },
    // Checked and written once per session Ctx (lib/ctx-answers.ts); Fastify sends bytes typed as JSON as they are,
    // so the type provider's object type does not fit them.
    async (req, reply) => {
      const json = userInfoAnswers.of(req.ctx, (ctx) => answerJson(userInfoAnswer, userInfo(ctx), 'GET', req.url));
      return reply.type('application/json; charset=utf-8').send(json as unknown as UserInfo);
    },
  );

  r.delete(
    '/usr/session',
    {
      config: { companyless: true },
      schema: { tags, summary: '退出登录', response: { 200: okResult, ...p(401, 410) } },
    },
    async (req, reply) => {
      await app.sessions.revokeToken(app.db, req.ctx.tokenHash, 'logout');
      clearSessionCookie(req, reply);
      return { ok: true as const };
    },
  );

  r.put(
    '/usr/session/password',
    {
      config: { companyless: true },
      schema: {
        tags,
        summary: '修改密码',
        description:
          '成功后该用户的所有会话结束（其他令牌答 410），提示「修改成功，请重新登陆」。原密码错误答 400（field oldPassword）；15 分钟内最多错 10 次（与修改手机号合计），超出答 429。',
        body: changePasswordBody,
        response: { 200: okResult, ...p(400, 401, 410, 429) },
      },
    },
    async (req) => {
      await changeOwnPassword(app, req.ctx, req.body);
      return { ok: true as const };
    },
  );
}

/** One-time login keys for external apps, and switching the session to another company. */
async function keyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/usr/session/LoginSecretKey/:key',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '登录密钥换取令牌（一次性，5 分钟内有效）',
        params: secretKeyParams,
        response: { 200: tokenAnswer, ...p(400, 401, 409) },
        security: [],
      },
    },
    async (req, reply) => {
      // Login CSRF: a page or link of another site may not sign the browser into the key's account (the key's
      // sender's). A foreign Origin/Referer is refused as at login; without either (a link with rel="noreferrer"),
      // only the console's own script (sentByScript) gets the session cookie, an API client the token alone.
      refuseForeignLogin(req);
      // The user of the browser's own session (its cookie), if it is live: the key may not swap it for another.
      const session = sessionToken(req);
      const signedIn =
        session?.via === 'cookie'
          ? await app.sessions.resolve(session.token).then(
              (c) => c.userId,
              () => undefined,
            )
          : undefined;
      const token = await exchangeLoginKey(app, req.params.key, signedIn);
      return sentByScript(req) ? issued(req, reply, token) : { token };
    },
  );

  r.get(
    '/usr/session/GetSecretKey',
    {
      schema: {
        tags,
        summary: '外部应用登录密钥',
        description:
          'url 为 CRM_URL / CLUE_URL / MEDIA_URL 之一（或其菜单路径、代码 WJTCRM / WJTSKB / SVIDEO），且企业持有该代码；否则 403。答 {key, url: <外部地址>?key=…}。',
        querystring: secretKeyQuery,
        response: { 200: secretKeyAnswer, ...p(400, 401, 403, 410) },
      },
    },
    async (req) => externalAppKey(app, req.ctx, req.query.url, req.query.account),
  );

  r.get(
    '/usr/session/SwitchToken/:id',
    {
      schema: {
        tags,
        summary: '切换企业：换取该企业的新令牌',
        description:
          '旧令牌随即结束（答 410）；不属于的企业答 404。以管理员设置的密码登录的会话，切换到该密码所属企业以外的企业答 403「您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试」（账号尚无手机号时为「…请先绑定本人手机号，再使用手机号验证码登录后重试」），带 code ADMIN_SET_PASSWORD。',
        params: idParam,
        response: { 200: tokenAnswer, ...p(400, 401, 403, 404, 410) },
      },
    },
    async (req, reply) => {
      const [m] = await app.db
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, req.ctx.userId),
            eq(memberships.companyId, req.params.id),
            eq(memberships.status, 'active'),
          ),
        );
      if (!m) throw notFound('企业不存在');
      assertLoginOpens(req.ctx, req.params.id);
      const token = await app.db.transaction(async (tx) => {
        const [s] = await tx
          .select({ at: sessions.authenticatedAt, ownProof: sessions.ownProof })
          .from(sessions)
          .where(eq(sessions.id, req.ctx.sessionId));
        const t = await app.sessions.create(tx, req.ctx.userId, req.params.id, {
          authenticatedAt: s?.at,
          ownProof: s?.ownProof,
        });
        await app.sessions.revokeToken(tx, req.ctx.tokenHash, 'switched');
        return t;
      });
      return issued(req, reply, token);
    },
  );
}

/** Phone change, an administrator's password reset, and sending SMS codes. */
async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/usr/session/UpdatePhoneByCode',
    {
      config: { companyless: true },
      schema: {
        tags,
        summary: '修改手机号（短信验证码）',
        description:
          'result 1 成功（该用户所有会话结束），-1 验证码错误。验证码由 SendCodeMsg（purpose=phone）发送到新号码。id 只能是本人。syncCardInfo 由名片模块读取。同一号码 15 分钟内最多验证 10 次，超出答 429。以管理员设置的密码登录的会话更换手机号答 403「您的密码由企业管理员设置，请使用手机号验证码登录后再修改手机号或绑定微信」；账号尚无手机号时可绑定首个手机号（此后以该号验证码登录即为本人登录），但账号已绑定微信时答 403「您的密码由企业管理员设置，请使用微信扫码登录后再绑定手机号」，本人还属于或已申请加入该密码所属企业以外的企业时答 403（同更换）；均带 code ADMIN_SET_PASSWORD。账号已有手机号时（更换而非绑定），或首次绑定距登录已超过 15 分钟（切换企业沿用原登录时间）时，须带登录密码 password；带了即校验。缺少答 400「请输入登录密码」，错误答 400「登录密码错误」（field 均为 password），15 分钟内最多错 10 次（与修改密码合计），超出答 429。',
        body: updatePhoneBody,
        response: { 200: phoneResult, ...p(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (req) => {
      // Recorded in every company the person belongs to: the number shows in each one's member list (none for an
      // account in no company, which has no log to write to).
      const { result, companies } = await changePhone(app, req.ctx, req.body, async (changes, theirs) => {
        for (const companyId of theirs)
          await audit(app.db, req, {
            companyId,
            action: 'phone.change',
            targetKind: 'user',
            targetId: req.ctx.userId,
            targetName: req.ctx.name,
            changes,
          });
      });
      req.wroteFor = companies;
      return { result };
    },
  );

  r.post(
    '/usr/session/UpdatePassWordAdmin/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: '管理员修改成员密码',
        description:
          'id 为本企业成员的账号 id（其他企业答 404）；设置的密码只能进入该成员当时所属的企业（均为调用者管理的企业），该成员日后加入其他企业也不能用它进入；该成员还属于其他企业、而调用者不是那些企业的管理员时答 403「该成员还属于其他企业，不能由本企业管理员修改，请本人通过短信验证码重置」。该成员有其他企业（调用者不是其管理员）待接受的邀请时答 403「该成员已受邀加入其他企业，不能由本企业管理员修改，请本人通过短信验证码重置」。该成员向其他企业（调用者不是其管理员）的加入申请待审核时答 403「该成员已申请加入其他企业，不能由本企业管理员修改，请本人通过短信验证码重置」。成功后该成员所有会话结束。',
        params: idParam,
        body: adminPasswordBody,
        response: { 200: okResult, ...p(400, 401, 403, 404, 410) },
      },
    },
    async (req) => {
      const who = await adminSetPassword(app, req.ctx, req.params.id, req.body.password);
      await audit(app.db, req, {
        companyId: req.ctx.companyId,
        action: 'password.reset',
        targetKind: 'user',
        targetId: req.params.id,
        targetName: who.name,
        changes: { account: who.account, fields: ['password'] },
      });
      return { ok: true as const };
    },
  );

  r.get(
    '/usr/users/GetCustomerPasswordbyAccountId/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: '成员账号信息（管理员；从不返回密码或其散列）',
        params: idParam,
        response: { 200: accountFacts, ...p(400, 401, 403, 404, 410) },
      },
    },
    async (req) => readAccountFacts(app, req.ctx, req.params.id),
  );

  r.post(
    '/maint/common/SendCodeMsg',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '发送短信验证码',
        description: `带会话调用时（如修改手机号）计入该企业的短信消费（每条 0.10 元）。6 位验证码，${SMS_CODE_TTL_S / 60} 分钟有效，错 5 次作废；同一号码 ${SMS_COUNTDOWN_S} 秒内一次、同一 IP 每小时有上限，超出答 429。`,
        body: sendCodeBody,
        response: { 200: sendCodeAnswer, ...p(400, 429) },
        security: [],
      },
    },
    async (req) => {
      const caller = await callerOf(app, req);
      // A new number for the caller's own account cannot be the one it has: that text was sent, and billed, for
      // nothing. Only the caller's own number is checked; whether a number is someone else's is told only after
      // its code is proven (UpdatePhoneByCode).
      if (req.body.purpose === 'phone' && caller?.phone === req.body.phoneNo) {
        throw badRequest('新手机号不能与当前手机号相同', 'phoneNo');
      }
      await sendCode(
        { db: app.db, limiter: app.limiter, sms: app.sms, secret: app.config.secret, appName: app.config.APP_NAME },
        req.body.phoneNo,
        req.body.purpose,
        req.ip,
      );
      await chargeSms(app, caller, req.body.phoneNo);
      return { ok: true as const, expiresIn: SMS_CODE_TTL_S, resendIn: SMS_COUNTDOWN_S };
    },
  );
}

/** WeChat login and binding (mocked provider offline), and the session ping. */
async function wechatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Without WeChat none of the WeChat calls can work: 501 before their body, state or password are looked at.
  const wechatOn = async () => ensureConfigured(app);

  r.get(
    '/cus/session/getxpmfautoLogin',
    {
      schema: {
        tags,
        summary: '外部应用自动登录地址',
        description: '未配置 XPMF_URL 时答 501 problem「外部应用未配置」。',
        response: { 200: externalLoginAnswer, ...p(401, 403, 410, 501) },
      },
    },
    async (req) => xpmfLogin(app, req.ctx),
  );

  r.post(
    '/usr/session/bindwechatopenid',
    {
      preValidation: wechatOn,
      config: { companyless: true },
      schema: {
        tags,
        summary: '绑定微信（OAuth code）',
        description: `绑定或更换微信。以管理员设置的密码登录的会话答 403「您的密码由企业管理员设置，请使用手机号验证码登录后再修改手机号或绑定微信」（账号尚无手机号时为「您的密码由企业管理员设置，请先绑定本人手机号，再使用手机号验证码登录后绑定微信」），带 code ADMIN_SET_PASSWORD。距登录已超过 15 分钟（切换企业沿用原登录时间）时须带登录密码 password；带了即校验。缺少答 400「请输入登录密码」，错误答 400「登录密码错误」（field 均为 password），15 分钟内最多错 10 次（与修改密码、修改手机号合计），超出答 429。${WECHAT_OFF}`,
        body: wechatBindBody,
        response: { 200: okResult, ...p(400, 401, 403, 409, 410, 429, 501) },
      },
    },
    async (req) => {
      await bindWechat(app, req.ctx, req.body.code, req.body.password);
      return { ok: true as const };
    },
  );

  r.get(
    '/usr/session/wxloginstate',
    {
      preValidation: wechatOn,
      config: { public: true },
      schema: {
        tags,
        summary: '开始扫码登录（签发状态码）',
        description: `签发扫码登录的状态码 state（放入二维码），并写入本浏览器的 HttpOnly、SameSite=Lax Cookie，5 分钟有效；checkwxauthorize 只对持有该 Cookie 的浏览器作答。${WECHAT_OFF}`,
        response: { 200: wechatStateAnswer, ...p(501) },
        security: [],
      },
    },
    async (req, reply) => {
      const state = await issueState(app);
      setWechatStateCookie(req, reply, state, STATE_TTL_MS / 1000);
      return { state, expiresIn: STATE_TTL_MS / 1000 };
    },
  );

  r.get(
    '/usr/session/loginwxauthorize',
    {
      preValidation: wechatOn,
      config: { public: true },
      schema: {
        tags,
        summary: '微信授权登录',
        description: `openid 参数携带微信回调的 OAuth code；state 必填，须是 wxloginstate 签发且未过期的状态码（缺少答 400「缺少登录状态码」，未签发、过期或已用答 400「登录状态码无效或已过期，请刷新二维码」，field 均为 state）；带着另一状态码 Cookie 的浏览器答 403「登录状态码与本浏览器不符」。成功答 {ok: true}，不带令牌：会话只交给持有该状态码 Cookie、轮询 checkwxauthorize 的浏览器，扫码的手机既不得令牌也不写 Cookie。未绑定答 404。${WECHAT_OFF}`,
        querystring: wechatLoginQuery,
        response: { 200: okResult, ...p(400, 403, 404, 501) },
        security: [],
      },
    },
    async (req) => {
      // The phone that scanned has no state cookie; a browser that started another login may not settle this one.
      const own = wechatStateCookie(req);
      if (own !== undefined && own !== req.query.state) throw stateNotThisBrowser();
      await wechatLogin(app, req.query.openid, req.query.state);
      // The session is for the console that polls checkwxauthorize (it holds the state's cookie), not for the phone
      // that scanned: a token here let whoever saw the phone's page (or its history) sign in as the person.
      return { ok: true as const };
    },
  );

  r.get(
    '/usr/session/checkwxauthorize',
    {
      preValidation: wechatOn,
      config: { public: true },
      schema: {
        tags,
        summary: '查询扫码登录状态',
        description: `pending 等待扫码；done 带令牌（只交付一次）；unbound 微信未绑定账号。只对持有该状态码 Cookie（wxloginstate 写入）的浏览器作答，否则答 403「登录状态码与本浏览器不符」。${WECHAT_OFF}`,
        querystring: wechatCheckQuery,
        response: { 200: wechatCheckAnswer, ...p(400, 403, 501) },
        security: [],
      },
    },
    async (req, reply) => {
      // Login CSRF, as LoginSecretKey: a link to a state someone settled with their own WeChat may not sign the
      // browser into their account. Refused from a foreign page and from a browser the state was not issued to;
      // the cookie only for the console's own script.
      refuseForeignLogin(req);
      if (wechatStateCookie(req) !== req.query.state) throw stateNotThisBrowser();
      const answer = await checkWechat(app, req.query.state);
      if (answer.status === 'done' && answer.token && sentByScript(req)) setSessionCookie(req, reply, answer.token);
      return answer;
    },
  );

  r.get(
    '/usr/session/ping',
    { schema: { hide: true, response: { 200: z.object({ ok: z.boolean() }) } } },
    async () => ({ ok: true }),
  );
}

/** A scan-to-login state this browser was not issued (its cookie holds another one, or none). */
const stateNotThisBrowser = () => forbidden('登录状态码与本浏览器不符，请刷新二维码');

/** A token answer: the token in the body (SPEC: API clients) and in the HttpOnly session cookie (the console). */
function issued(req: FastifyRequest, reply: FastifyReply, token: string): { token: string } {
  setSessionCookie(req, reply, token);
  return { token };
}

/** Login CSRF: a foreign page may not log the browser into an account of its choosing (no Origin: an API client). */
function refuseForeignLogin(req: FastifyRequest): void {
  if ((req.headers.origin || req.headers.referer) && !fromOwnOrigin(req)) throw crossSiteRefused();
}

/** SMS price on the cost pages, per text (cents). */
const SMS_PRICE_CENTS = 10;

/** The signed-in caller of a public call (SendCodeMsg), or nobody: a bad or ended token is nobody. */
async function callerOf(app: FastifyInstance, req: FastifyRequest): Promise<Ctx | undefined> {
  const session = sessionToken(req);
  if (!session || (session.via === 'cookie' && !fromOwnOrigin(req))) return undefined;
  return app.sessions.resolve(session.token).catch(() => undefined);
}

/**
 * A text sent from inside a session (the change-phone dialog) is the company's consumption; login and
 * register codes have no company to charge. A bad or ended token only means nobody is charged.
 */
async function chargeSms(app: FastifyInstance, ctx: Ctx | undefined, phone: string): Promise<void> {
  if (!ctx?.companyId) return;
  await app.ports.billing.record(app.db, {
    companyId: ctx.companyId,
    userId: ctx.userId,
    kind: 'sms',
    amountCents: SMS_PRICE_CENTS,
    quantity: 1,
    note: `验证码短信 ${phone.slice(0, 3)}****${phone.slice(-4)}`,
  });
}
