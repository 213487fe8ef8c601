import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { cards, memberships, miniWebsites, posters, users } from '../schema/index.js';
import type { SeededAccounts } from './accounts.js';

/** Built-in poster art served by the sharing area (`/s/art/poster-N.svg`). */
const POSTER_ART_COUNT = 4;
/** The address of built-in poster art n (1 to 4): the poster library's, and the daily share poster's. */
export const posterArtUrl = (n: number) => `/s/art/poster-${n}.svg`;

/** Demo data of the sharing area (runs inside the seed transaction, after the accounts). */
export async function seedSharing(tx: DbOrTx, ids: SeededAccounts): Promise<void> {
  const rows = await tx
    .select({
      membershipId: memberships.id,
      companyId: memberships.companyId,
      userId: memberships.userId,
      position: memberships.position,
      name: users.name,
      phone: users.phone,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId));
  if (rows.length)
    await tx.insert(cards).values(
      rows.map((m) => ({
        companyId: m.companyId,
        membershipId: m.membershipId,
        userId: m.userId,
        name: m.name,
        duties: m.position,
        phone: m.phone ?? '',
        weChatId: m.userId === ids.admin ? 'wang_guanli' : '',
        isShowWeChat: m.userId === ids.admin,
      })),
    );
  const titles = ['新品发布', '限时优惠', '企业宣传', '招贤纳士'];
  for (const companyId of [ids.companyA, ids.companyB]) {
    await tx
      .insert(posters)
      .values([
        ...titles.map((title, i) => ({ companyId, title, imageUrl: posterArtUrl(i + 1), sort: i })),
        { companyId, title: '产品视频', videoPicUrl: posterArtUrl(POSTER_ART_COUNT), sort: 10 },
      ]);
  }
  await tx.insert(miniWebsites).values([
    {
      companyId: ids.companyA,
      createdBy: ids.admin,
      title: '演示科技官网',
      blocks: [
        { type: 'text', text: '演示科技专注企业数字化营销，为客户提供获客、转化、留存一体化服务。' },
        { type: 'card' },
      ],
      sort: 1,
    },
    {
      companyId: ids.companyA,
      createdBy: ids.admin,
      title: '产品手册',
      blocks: [{ type: 'text', text: '获客通：让每一次分享都成为商机。' }],
      sort: 2,
    },
  ]);
}
