/**
 * System notices the server writes to one person: an invitation to a company (to the invitee) and a request to join
 * one (to its administrators). Stored as parameters and worded in the reader's language when read, like radar
 * messages; their `dedupe_key` (unique per receiver, `messages_notice_uq`) keeps one message per invitation or
 * request however often it is sent again.
 */
import { MESSAGE_CLASS, type Role } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import type { Lang } from '../../lib/lang.js';
import { liveHub } from './live.js';

type NoticeParams =
  | { notice: 'invite'; company: string; inviter: string; role: Role }
  | { notice: 'join'; company: string; applicant: string; reason: string };

/** Where a join request is decided: 企业管理 → 加入申请. */
export const APPLICATIONS_LINK = '/manage/company-manage/info?tab=applications';
/**
 * No route opens the invitations (they are in the user menu's 切换企业 dialog), so an invitation links to the
 * console's start and its words say where to go.
 */
export const INVITATIONS_LINK = '/';

export const isNoticeParams = (p: unknown): p is NoticeParams =>
  typeof p === 'object' && p !== null && typeof (p as NoticeParams).notice === 'string';

const ROLE = { zh: { admin: '管理员', staff: '员工' }, en: { admin: 'an administrator', staff: 'staff' } } as const;

/** The description is shown as HTML: people's own words (names, reasons) are escaped. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function noticeTitle(p: NoticeParams, lang: Lang): string {
  if (p.notice === 'invite')
    return lang === 'en'
      ? `${p.inviter} invited you to join “${p.company}”`
      : `${p.inviter} 邀请您加入「${p.company}」`;
  return lang === 'en' ? `${p.applicant} asks to join “${p.company}”` : `${p.applicant} 申请加入「${p.company}」`;
}

export function noticeDescription(p: NoticeParams, lang: Lang): string {
  if (p.notice === 'invite') {
    const role = ROLE[lang][p.role];
    return lang === 'en'
      ? `<p>${esc(p.inviter)} invited you to join “${esc(p.company)}” as ${role}.</p><p>Accept or decline it in the user menu at the top right → Switch company.</p>`
      : `<p>${esc(p.inviter)} 邀请您以${role}身份加入「${esc(p.company)}」。</p><p>请在右上角用户菜单 → 切换企业 中接受或拒绝。</p>`;
  }
  return lang === 'en'
    ? `<p>Applicant: ${esc(p.applicant)}</p><p>Reason: ${p.reason ? esc(p.reason) : 'none given'}</p><p>Approve or refuse it in Company management → Join requests.</p>`
    : `<p>申请人：${esc(p.applicant)}</p><p>申请理由：${p.reason ? esc(p.reason) : '未填写'}</p><p>请在 企业管理 → 加入申请 中通过或拒绝。</p>`;
}

export type NoticeReceiver = { companyId: number; userId: number };

/**
 * Writes the notice to each receiver (in `db`, which may be the caller's transaction), once per `key`: a receiver
 * who already has the key's message gets none. Answers the receivers written to, for `announceNotices` once the
 * writes are committed.
 */
export async function writeNotices(
  db: DbOrTx,
  receivers: NoticeReceiver[],
  key: string,
  params: NoticeParams,
  routeLink: string,
): Promise<NoticeReceiver[]> {
  if (!receivers.length) return [];
  return db
    .insert(messages)
    .values(
      receivers.map((r) => ({
        companyId: r.companyId,
        userId: r.userId,
        classId: MESSAGE_CLASS.system,
        title: noticeTitle(params, 'zh'),
        description: noticeDescription(params, 'zh'),
        routeLink,
        dedupeKey: key,
        params,
      })),
    )
    .onConflictDoNothing()
    .returning({ companyId: messages.companyId, userId: messages.userId }) as Promise<NoticeReceiver[]>;
}

/** After the commit: each written company's cached counts and pages are stale, and the receivers' open consoles told. */
export async function announceNotices(app: FastifyInstance, written: NoticeReceiver[]) {
  for (const c of new Set(written.map((w) => w.companyId))) {
    app.listTotals.forget(c, 'messages');
    await app.companyVersions.bump(c, 'events');
  }
  for (const w of written) liveHub(app).message(w.companyId, w.userId, MESSAGE_CLASS.system);
}
