/**
 * System notices the server writes to one person: an invitation to a company (to the invitee) and a request to join
 * one (to its administrators). Stored as parameters and worded in the reader's language when read, like radar
 * messages; their `dedupe_key` (unique per receiver, `messages_notice_uq`) keeps one message per invitation or
 * request however often it is sent again.
 */
import { MESSAGE_CLASS, type Role } from '@huoke/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import type { Lang } from '../../lib/lang.js';
import { liveHub } from './live.js';

/**
 * How an invitation or a join request ended, once it has: its message then says so instead of asking the reader to
 * act (`by`: who decided a join request).
 */
export type NoticeEnd =
  | { state: 'accepted' | 'declined' | 'withdrawn' | 'void' }
  | { state: 'approved' | 'refused'; by: string };

type NoticeParams = (
  | { notice: 'invite'; company: string; inviter: string; role: Role }
  | { notice: 'join'; company: string; applicant: string; reason: string }
) & { end?: NoticeEnd };

/** Where a join request is decided: 企业管理 → 加入申请. */
export const APPLICATIONS_LINK = '/manage/company-manage/info?tab=applications';
/**
 * No route opens the invitations (they are in the user menu's 切换企业 dialog), so an invitation links to the
 * console's start and its words say where to go.
 */
export const INVITATIONS_LINK = '/';

/** The notice keys: one per invitation and one per join request. */
export const invitationKey = (id: number) => `invitation:${id}`;
export const applicationKey = (id: number) => `application:${id}`;

export const isNoticeParams = (p: unknown): p is NoticeParams =>
  typeof p === 'object' && p !== null && typeof (p as NoticeParams).notice === 'string';

const ROLE = { zh: { admin: '管理员', staff: '员工' }, en: { admin: 'an administrator', staff: 'staff' } } as const;

/** The description is shown as HTML: people's own words (names, reasons) are escaped. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ENDED = {
  zh: {
    accepted: '已接受',
    declined: '已拒绝',
    withdrawn: '已撤回',
    void: '已失效',
    approved: '已通过',
    refused: '已拒绝',
  },
  en: {
    accepted: 'accepted',
    declined: 'declined',
    withdrawn: 'withdrawn',
    void: 'no longer valid',
    approved: 'approved',
    refused: 'refused',
  },
} as const;

/** What became of it, for its last paragraph: a decision names who took it. */
function endSentence(end: NoticeEnd, lang: Lang): string {
  if (end.state === 'approved' || end.state === 'refused')
    return lang === 'en'
      ? `${end.state === 'approved' ? 'Approved' : 'Refused'} by ${esc(end.by)}.`
      : `${esc(end.by)} ${ENDED.zh[end.state]}该申请。`;
  const en = {
    accepted: 'You accepted this invitation.',
    declined: 'You declined this invitation.',
    withdrawn: 'The company withdrew this invitation.',
    void: 'This invitation is no longer valid: you are a member of the company.',
  } as const;
  const zh = {
    accepted: '您已接受该邀请。',
    declined: '您已拒绝该邀请。',
    withdrawn: '企业已撤回该邀请。',
    void: '该邀请已失效：您已是该企业成员。',
  } as const;
  return (lang === 'en' ? en : zh)[end.state];
}

export function noticeTitle(p: NoticeParams, lang: Lang): string {
  const said =
    p.notice === 'invite'
      ? lang === 'en'
        ? `${p.inviter} invited you to join “${p.company}”`
        : `${p.inviter} 邀请您加入「${p.company}」`
      : lang === 'en'
        ? `${p.applicant} asks to join “${p.company}”`
        : `${p.applicant} 申请加入「${p.company}」`;
  if (!p.end) return said;
  return lang === 'en' ? `${said} (${ENDED.en[p.end.state]})` : `${said}（${ENDED.zh[p.end.state]}）`;
}

export function noticeDescription(p: NoticeParams, lang: Lang): string {
  const what =
    p.notice === 'invite'
      ? lang === 'en'
        ? `<p>${esc(p.inviter)} invited you to join “${esc(p.company)}” as ${ROLE.en[p.role]}.</p>`
        : `<p>${esc(p.inviter)} 邀请您以${ROLE.zh[p.role]}身份加入「${esc(p.company)}」。</p>`
      : lang === 'en'
        ? `<p>Applicant: ${esc(p.applicant)}</p><p>Reason: ${p.reason ? esc(p.reason) : 'none given'}</p>`
        : `<p>申请人：${esc(p.applicant)}</p><p>申请理由：${p.reason ? esc(p.reason) : '未填写'}</p>`;
  return `${what}<p>${p.end ? endSentence(p.end, lang) : askSentence(p.notice, lang)}</p>`;
}

/** Where the reader answers one still waiting. */
function askSentence(notice: NoticeParams['notice'], lang: Lang): string {
  if (notice === 'invite')
    return lang === 'en'
      ? 'Accept or decline it in the user menu at the top right → Switch company.'
      : '请在右上角用户菜单 → 切换企业 中接受或拒绝。';
  return lang === 'en'
    ? 'Approve or refuse it in Company management → Join requests.'
    : '请在 企业管理 → 加入申请 中通过或拒绝。';
}

export type NoticeReceiver = { companyId: number; userId: number };

/**
 * Writes the notice to each receiver (in `db`, which may be the caller's transaction), once per `key`: a receiver
 * who already has the key's message keeps it (read or not), its words brought up to date (a join request sent again
 * with a new reason). Answers the receivers written to, for `announceNotices` once the writes are committed.
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
    .onConflictDoUpdate({
      target: [messages.companyId, messages.userId, messages.dedupeKey],
      // messages_notice_uq's own predicate, in words the planner can match (a bound value would not be).
      targetWhere: sql`${messages.classId} = 10000 and ${messages.dedupeKey} is not null`,
      set: { title: sql`excluded.title`, description: sql`excluded.description`, params: sql`excluded.params` },
    })
    .returning({ companyId: messages.companyId, userId: messages.userId }) as Promise<NoticeReceiver[]>;
}

/**
 * The invitation or request `key` has ended: every receiver's message says how, in place of asking them to act.
 * Answers the receivers, for `announceNotices` once committed (their open lists show the new words).
 */
export async function endNotices(db: DbOrTx, key: string, end: NoticeEnd): Promise<NoticeReceiver[]> {
  return db
    .update(messages)
    .set({ params: sql`${messages.params} || ${JSON.stringify({ end })}::jsonb` })
    .where(
      and(
        // As messages_notice_uq's predicate, so that index finds the key.
        sql`${messages.classId} = 10000`,
        eq(messages.dedupeKey, key),
        sql`${messages.params} ->> 'end' is null`,
      ),
    )
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
