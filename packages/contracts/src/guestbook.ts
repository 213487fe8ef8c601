/** Request and answer shapes of the guestbook area. */
import { z } from 'zod';
import { paging } from './common.js';
import { PAGE_SIZE } from './constants.js';

export const guestbookQuery = paging(PAGE_SIZE.list).extend({
  handled: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  keyword: z.string().trim().max(64).optional(),
});

export const guestbookEntry = z.object({
  id: z.number().int(),
  shareCode: z.string(),
  sharerId: z.number().int().nullable(),
  sharerName: z.string(),
  name: z.string(),
  phone: z.string(),
  content: z.string(),
  handled: z.boolean(),
  reply: z.string(),
  /** The reply was sent to the visitor's phone by SMS (已回复（短信已发送）). */
  replySmsSent: z.boolean(),
  createTime: z.string(),
});
export type GuestbookEntry = z.infer<typeof guestbookEntry>;

/**
 * Answer of a reply or status change: whether the reply went to the visitor by SMS, and whether it did not because
 * the number had its GUESTBOOK_REPLY_SMS_PER_PHONE texts of the last 24 h (smsLimited) or because the company is not
 * certified (smsUncertified: the text is signed with the company's name, 【企业名称】, which only an operator's
 * review of its real name makes the company's own). The reply is stored either way.
 */
export const guestbookUpdateAnswer = z.object({
  ok: z.literal(true),
  smsSent: z.boolean(),
  smsLimited: z.boolean(),
  smsUncertified: z.boolean(),
});
export type GuestbookUpdateAnswer = z.infer<typeof guestbookUpdateAnswer>;

export const guestbookUpdateBody = z
  .object({
    handled: z.boolean().optional(),
    reply: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.handled !== undefined || b.reply !== undefined, {
    message: '请填写回复或处理状态',
    path: ['handled'],
  });
