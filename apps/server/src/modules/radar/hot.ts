/** Reading one hot message (the live stream only names it): its words, the lead and a phone to call. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messages, visitors } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/lang.js';
import type { Ctx } from '../../lib/tenancy.js';
import { visitorName, visitorOfLink } from './describe.js';
import { type HotParams, hotReason, hotTitle } from './hot-text.js';

export async function hotMessage(db: DbOrTx, ctx: Ctx, id: number, lang: Lang) {
  const [m] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, ctx.companyId),
        eq(messages.userId, ctx.userId),
        eq(messages.id, id),
        isNotNull(messages.params),
      ),
    );
  const p = m?.params as HotParams | null;
  const visitorId = m && visitorOfLink(m.routeLink);
  if (!m || !p?.hot || !visitorId) throw notFound('消息不存在');
  const [v] = await db
    .select({ nickname: visitors.nickname, phone: visitors.phone, tel: visitors.tel })
    .from(visitors)
    .where(and(eq(visitors.companyId, ctx.companyId), eq(visitors.id, visitorId)));
  const who = visitorName(v?.nickname, visitorId, lang);
  return {
    id: m.id,
    visitorId,
    rule: p.hot,
    title: hotTitle(who, p, lang),
    reason: hotReason(p, lang),
    phone: v?.phone || v?.tel || '',
    createdAt: m.createdAt.toISOString(),
  };
}
