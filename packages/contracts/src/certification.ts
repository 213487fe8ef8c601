/** Request and answer shapes of the certification area: a company's real-name certification and its review. */
import { z } from 'zod';
import { pageOf, paging } from './common.js';
import { PAGE_SIZE } from './constants.js';
import { storedUrl } from './urls.js';

// ---------- certification ----------

export const AUTH_STATE_TEXT = { none: '未认证', pending: '待审中', approved: '已通过', rejected: '未通过' } as const;
export type AuthStatus = keyof typeof AUTH_STATE_TEXT;

/** GB 32100-2015 unified social credit code: 18 characters, last one a checksum. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(code[i]) * CREDIT_WEIGHTS[i];
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CHARS[check] === code[17];
}

export const submitAuthBody = z.object({
  companyName: z.string().trim().min(1, '请输入企业名称').max(64),
  creditCode: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => s.length === 18, '统一社会信用代码应为18位')
    .refine(isValidCreditCode, '统一社会信用代码校验失败，请检查'),
  legalPerson: z.string().trim().min(1, '请输入法定代表人').max(32),
  licenceUrl: storedUrl({ max: 500, message: '营业执照地址不正确' }).min(1, '请上传营业执照'),
});
export const authStateAnswer = z.object({
  authenticated: z.boolean(),
  status: z.enum(['none', 'pending', 'approved', 'rejected']),
  /** Status text: 未认证, 待审中, 已通过, 未通过 (tag mapping of SPEC §3). */
  state: z.string(),
  reason: z.string(),
});
export type AuthState = z.infer<typeof authStateAnswer>;
export const authDetailAnswer = authStateAnswer.extend({
  submission: z
    .object({
      id: z.number().int(),
      companyName: z.string(),
      creditCode: z.string(),
      legalPerson: z.string(),
      licenceUrl: z.string(),
      submitTime: z.string(),
      reviewTime: z.string().nullable(),
    })
    .nullable(),
});
export type AuthDetail = z.infer<typeof authDetailAnswer>;

export const reviewListQuery = paging(PAGE_SIZE.list).extend({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
});
const reviewItem = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  licenceUrl: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  state: z.string(),
  reason: z.string(),
  submitTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItem>;
export const reviewPage = pageOf(reviewItem);
export const rejectBody = z.object({ reason: z.string().trim().min(1, '请输入驳回原因').max(200) });
