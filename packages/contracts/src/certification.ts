/** Request and answer shapes of the certification area: a company's real-name certification and its review. */
import { z } from 'zod';
import { pageOf, paging } from './common.js';
import { PAGE_SIZE } from './constants.js';
import { storedUrl } from './urls.js';

// ---------- certification ----------

export const AUTH_STATE_TEXT = { none: '未认证', pending: '待审中', approved: '已通过', rejected: '未通过' } as const;
export type AuthStatus = keyof typeof AUTH_STATE_TEXT;

/** GB 32100-2015 unified social credit code: 18 characters, last one a check digit. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const CREDIT_CODE_LENGTH = 18;
/** What is wrong with a (trimmed, upper-cased) code: its length, a character of its layout, or its check digit. */
export type CreditCodeProblem = 'length' | 'format' | 'checkDigit';
/** The words of each problem, said under the field by the console and in the server's 400 alike. */
export const CREDIT_CODE_WORDS: Record<CreditCodeProblem, string> = {
  length: '统一社会信用代码应为18位',
  format: '统一社会信用代码格式不正确',
  checkDigit: '统一社会信用代码校验位不正确',
};
/** Layout of GB 32100-2015: registering body and kind, 6-digit region, 9-character organisation code, check digit. */
const CREDIT_LAYOUT = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
export function creditCodeProblem(code: string): CreditCodeProblem | null {
  if (code.length !== CREDIT_CODE_LENGTH) return 'length';
  if (!CREDIT_LAYOUT.test(code)) return 'format';
  let sum = 0;
  for (let i = 0; i < CREDIT_CODE_LENGTH - 1; i++) sum += CREDIT_CHARS.indexOf(code[i]) * CREDIT_WEIGHTS[i];
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] === code[CREDIT_CODE_LENGTH - 1] ? null : 'checkDigit';
}
export const isValidCreditCode = (code: string): boolean => creditCodeProblem(code) === null;
/**
 * Refused when another company's submission (waiting or approved) holds the code, and an approval when another
 * company's approved one holds it; which one is never said.
 */
export const CREDIT_CODE_TAKEN = '该统一社会信用代码已被其他企业使用';

export const submitAuthBody = z.object({
  companyName: z.string().trim().min(1, '请输入企业名称').max(64),
  creditCode: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .superRefine((s, ctx) => {
      const problem = creditCodeProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: CREDIT_CODE_WORDS[problem] });
    }),
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
