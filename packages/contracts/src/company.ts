/** Request and answer shapes of the company area: registration, members, seats, third-party bindings, dictionaries. */
import { z } from 'zod';
import { MOBILE_RE, PASSWORD_RE, pageOf, paging } from './common.js';
import { PAGE_SIZE } from './constants.js';
import { ROLES } from './permissions.js';

const MEMBER_ROLES = ROLES;

// ---------- registration (CustomerRegister) ----------

/** Accepts `phone` (the console's form) or `mobile` (the session contract's name). */
export const customerRegisterBody = z
  .object({
    account: z
      .string()
      .trim()
      .regex(/^[A-Za-z]\w{4,15}$/, '账号以字母开头，5-16位字母、数字或下划线'),
    password: z.string().regex(PASSWORD_RE, '密码由字母、数字、下划线组成，6-16位'),
    phone: z.string().regex(MOBILE_RE, '请输入正确的手机号').optional(),
    mobile: z.string().regex(MOBILE_RE, '请输入正确的手机号').optional(),
    code: z.string().regex(/^\d{6}$/, '请输入验证码'),
    name: z.string().trim().min(1, '请输入姓名').max(32),
  })
  .refine((b) => Boolean(b.phone ?? b.mobile), { message: '请输入手机号', path: ['phone'] });
export const customerRegisterAnswer = z.object({ id: z.number().int(), token: z.string() });

export const idAnswer = z.object({ id: z.number().int() });

/** Customer info of SPEC §3 (GetMyCustomer), and the id of the package the company has, if any. */
export const customerInfoAnswer = z.object({
  productName: z.string(),
  /** The package's id, null before the first: which one renews it (its name may be another package's too). */
  productId: z.number().int().nullable(),
  reDays: z.number().int(),
  endDate: z.string().nullable(),
  customerName: z.string(),
  customerId: z.number().int(),
  status: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  companyNumber: z.string(),
});
export type CustomerInfo = z.infer<typeof customerInfoAnswer>;

// ---------- members ----------

export const memberListQuery = paging(PAGE_SIZE.list).extend({
  name: z.string().trim().max(32).optional(),
});
const memberItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  avatar: z.string(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(MEMBER_ROLES),
  position: z.string(),
  /** 1-based seat number in joining order. */
  seat: z.number().int(),
  isMe: z.boolean(),
  /**
   * False when the member also belongs to a company the caller does not administer: their password and other
   * account settings can then only be changed by themselves (the console hides 重置密码).
   */
  canManageAccount: z.boolean(),
  createTime: z.string(),
});
export type MemberItem = z.infer<typeof memberItem>;
export const memberPage = pageOf(memberItem);

export const inviteBody = z.object({
  phone: z.string().trim().min(1, '请输入手机号').regex(MOBILE_RE, '请输入正确的手机号'),
  role: z.enum(MEMBER_ROLES).default('staff'),
});
export const inviteAnswer = z.object({
  /**
   * Always an invitation: nobody becomes a member without saying yes, in 切换企业 (a phone without an account there
   * once it registers). The answer does not say whether the phone has an account: only its owner learns that.
   */
  result: z.literal('invited'),
  id: z.number().int(),
});
/** An invitation addressed to the caller's phone (切换企业 shows them with 接受 / 拒绝). */
const myInvitationItem = z.object({
  id: z.number().int(),
  companyName: z.string(),
  role: z.enum(MEMBER_ROLES),
  inviterName: z.string(),
  createTime: z.string(),
});
export type MyInvitationItem = z.infer<typeof myInvitationItem>;
export const myInvitationList = z.object({ data: z.array(myInvitationItem) });
/** The caller's own applications to join a company: waiting, or decided in the last 30 days. */
const myApplicationItem = z.object({
  id: z.number().int(),
  companyName: z.string(),
  status: z.enum(['pending', 'approved', 'refused']),
  createTime: z.string(),
  decideTime: z.string().nullable(),
});
export type MyApplicationItem = z.infer<typeof myApplicationItem>;
export const myApplicationList = z.object({ data: z.array(myApplicationItem) });
const invitationItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  role: z.enum(MEMBER_ROLES),
  createTime: z.string(),
});
export const invitationList = z.object({ data: z.array(invitationItem) });

export const changeRoleBody = z.object({ role: z.enum(MEMBER_ROLES) });

export const APPLICATION_STATUS = ['pending', 'approved', 'refused'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[number];
export const applicationListQuery = paging(PAGE_SIZE.list).extend({
  status: z.enum(APPLICATION_STATUS).optional(),
});
const applicationItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  account: z.string(),
  phone: z.string(),
  description: z.string(),
  status: z.enum(APPLICATION_STATUS),
  createTime: z.string(),
  decidedTime: z.string().nullable(),
});
export type ApplicationItem = z.infer<typeof applicationItem>;
export const applicationPage = pageOf(applicationItem);

export const deptTreeQuery = z.object({
  name: z.string().trim().max(32).optional(),
  /** 1 active members (default), 0 removed ones. */
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export interface DeptTreeNode {
  id: string;
  label: string;
  /** dept or user */
  type: 'dept' | 'user';
  userId?: number;
  phone?: string;
  avatar?: string;
  children?: DeptTreeNode[];
}
const deptTreeNode: z.ZodType<DeptTreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    type: z.enum(['dept', 'user']),
    userId: z.number().int().optional(),
    phone: z.string().optional(),
    avatar: z.string().optional(),
    children: z.array(deptTreeNode).optional(),
  }),
);
z.globalRegistry.add(deptTreeNode, { id: 'DeptTreeNode' });
export const deptTreeAnswer = z.object({ data: z.array(deptTreeNode) });

// ---------- seats ----------

export const seatsAnswer = z.object({ bought: z.number().int(), used: z.number().int(), free: z.number().int() });
export type SeatsInfo = z.infer<typeof seatsAnswer>;
export const SEATS_FULL = '席位已满，请购买更多席位后再添加成员';

// ---------- third-party bindings ----------

export const BINDING_KINDS = ['wechatOfficial', 'wechatMini', 'sms'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];
const bindingItem = z.object({
  kind: z.enum(BINDING_KINDS),
  appId: z.string(),
  signature: z.string(),
  /** The secret itself is never sent back after saving. */
  hasSecret: z.boolean(),
  updateTime: z.string().nullable(),
});
export type BindingItem = z.infer<typeof bindingItem>;
export const bindingList = z.object({ data: z.array(bindingItem) });
export const bindingBody = z.object({
  kind: z.enum(BINDING_KINDS),
  appId: z.string().trim().max(64).default(''),
  /** Empty or absent keeps the stored secret. */
  secret: z.string().trim().max(256).optional(),
  signature: z.string().trim().max(32).default(''),
});

// ---------- dictionaries ----------

export const regionQuery = z.object({ level: z.coerce.number().int().min(1).max(3).default(2) });
export interface RegionNode {
  value: number;
  label: string;
  children?: RegionNode[];
}
const regionNode: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({ value: z.number().int(), label: z.string(), children: z.array(regionNode).optional() }),
);
z.globalRegistry.add(regionNode, { id: 'RegionNode' });
export const regionAnswer = z.object({ data: z.array(regionNode) });

const DICTIONARY_CODES = ['clueSource', 'industry', 'documentType'] as const;
type DictionaryCode = (typeof DICTIONARY_CODES)[number];
export const dictionaryQuery = z.object({ itemCode: z.enum(DICTIONARY_CODES, { message: '未知的字典编码' }) });
const dictionaryItem = z.object({ value: z.number().int(), label: z.string() });
type DictionaryItem = z.infer<typeof dictionaryItem>;
export const dictionaryAnswer = z.object({ data: z.array(dictionaryItem) });

/** A dictionary's items: its labels, numbered from 1 in order (the numbers are stored: append, never reorder). */
const numbered = (labels: string[]): DictionaryItem[] => labels.map((label, i) => ({ value: i + 1, label }));

/** The project's dictionaries (GET /cus/ItemsDetail/GetList?itemCode). */
export const DICTIONARIES: Record<DictionaryCode, DictionaryItem[]> = {
  clueSource: numbered(['文章', '名片', '产品', '视频', '微官网', '宣传册', '留言', '手动录入']),
  industry: numbered([
    '信息技术',
    '制造业',
    '批发零售',
    '教育培训',
    '医疗健康',
    '金融保险',
    '房地产',
    '文化传媒',
    '餐饮住宿',
    '其他',
  ]),
  documentType: numbered(['产品资料', '解决方案', '案例', '报价单', '合同模板', '其他']),
};
