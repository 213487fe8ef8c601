import { idParam, loginBody, okResult, tokenAnswer } from '@huoke/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberships } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { bearerToken } from '../../plugins/auth.js';
import { loginWithPassword, userInfo } from './service.js';

const tags = ['session'];

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/usr/session',
    {
      config: { public: true },
      schema: { tags, summary: '账号密码登录', body: loginBody, response: { 200: tokenAnswer }, security: [] },
    },
    async (req) => ({ token: await loginWithPassword(app, req.body.account, req.body.password, req.ip) }),
  );

  r.get(
    '/usr/session',
    { schema: { tags, summary: '当前用户信息 (profile, roles, permissions, customerId)' } },
    async (req) => userInfo(app, req.ctx),
  );

  r.delete('/usr/session', { schema: { tags, summary: '退出登录', response: { 200: okResult } } }, async (req) => {
    await app.sessions.revokeToken(app.db, req.ctx.tokenHash, 'logout');
    return { ok: true as const };
  });

  r.get(
    '/usr/session/SwitchToken/:id',
    { schema: { tags, summary: '切换企业：换取该企业的新令牌', params: idParam, response: { 200: tokenAnswer } } },
    async (req) => {
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
      const token = await app.db.transaction(async (tx) => {
        const t = await app.sessions.create(tx, req.ctx.userId, req.params.id);
        const old = bearerToken(req);
        if (old) await app.sessions.revokeToken(tx, req.ctx.tokenHash, 'switched');
        return t;
      });
      return { token };
    },
  );

  r.get(
    '/usr/session/ping',
    { schema: { hide: true, response: { 200: z.object({ ok: z.boolean() }) } } },
    async () => ({
      ok: true,
    }),
  );
}
