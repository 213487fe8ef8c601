import { BINDING_KINDS, type BindingItem, type BindingKind } from '@huoke/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyBindings } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { seal } from './secret-box.js';

/** Every binding kind of the company; secrets are never answered, only whether one is stored. */
export async function listBindings(app: FastifyInstance, ctx: Ctx): Promise<BindingItem[]> {
  const rows = await app.db.select().from(companyBindings).where(inCompany(ctx, companyBindings));
  return BINDING_KINDS.map((kind) => {
    const r = rows.find((x) => x.kind === kind);
    return {
      kind,
      appId: r?.appId ?? '',
      signature: r?.signature ?? '',
      hasSecret: Boolean(r?.secretEnc),
      updateTime: r ? r.updatedAt.toISOString() : null,
    };
  });
}

export async function saveBinding(
  app: FastifyInstance,
  ctx: Ctx,
  body: { kind: BindingKind; appId: string; secret?: string; signature: string },
): Promise<{ before: { appId: string; signature: string } | null }> {
  const [stored] = await app.db
    .select({
      appId: companyBindings.appId,
      signature: companyBindings.signature,
      secretEnc: companyBindings.secretEnc,
    })
    .from(companyBindings)
    .where(and(eq(companyBindings.companyId, ctx.companyId), eq(companyBindings.kind, body.kind)));
  refuseIncomplete(body, Boolean(stored?.secretEnc));
  const before = stored ? { appId: stored.appId, signature: stored.signature } : undefined;
  const secretEnc = body.secret ? seal(app.config.secret, body.secret) : undefined;
  await app.db
    .insert(companyBindings)
    .values({
      companyId: ctx.companyId,
      kind: body.kind,
      appId: body.appId,
      signature: body.signature,
      secretEnc: secretEnc ?? null,
      updatedBy: ctx.userId,
    })
    .onConflictDoUpdate({
      target: [companyBindings.companyId, companyBindings.kind],
      set: {
        appId: body.appId,
        signature: body.signature,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
        ...(secretEnc ? { secretEnc } : {}),
      },
    });
  return { before: before ?? null };
}

/**
 * A WeChat binding works only with its AppID and an AppSecret (the one stored, or a new one); an SMS binding with its
 * signature. Before this, an empty save answered 保存成功 and the card read 更新于….
 */
function refuseIncomplete(
  body: { kind: BindingKind; appId: string; secret?: string; signature: string },
  hasSecret: boolean,
) {
  if (body.kind === 'sms') {
    if (!body.signature) throw badRequest('请输入短信签名', 'signature');
    return;
  }
  if (!body.appId) throw badRequest('请输入AppID', 'appId');
  if (!body.secret && !hasSecret) throw badRequest('请输入AppSecret', 'secret');
}
