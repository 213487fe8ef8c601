import { z } from 'zod';
import { idOf, idSchema, MOBILE_RE, PASSWORD_RE } from './common.js';
import { JOIN_REASON_MAX } from './constants.js';
import { companyStatusSchema } from './permissions.js';

export const loginBody = z.object({
  account: z.string().trim().min(1, '请输入账号').max(64),
  password: z.string().min(1, '请输入密码').max(128),
});
export const phoneLoginBody = z.object({
  mobile: z.string().regex(MOBILE_RE, '请输入正确的手机号'),
  code: z.string().regex(/^\d{6}$/, '请输入验证码'),
});
export const tokenAnswer = z.object({ token: z.string() });

export const sendCodeBody = z.object({
  phoneNo: z.string().regex(MOBILE_RE, '请输入正确的手机号'),
  guid: z.string().max(64).optional(),
  code: z.string().max(16).optional(),
  purpose: z.enum(['login', 'phone', 'register']).default('login'),
});

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1, '请输入原密码').max(128),
  password: z.string().regex(PASSWORD_RE, '密码由字母、数字、下划线组成，6-16位'),
  rePassword: z.string().min(1, '请填写确认密码'),
});
export const adminPasswordBody = z.object({
  password: z.string().regex(PASSWORD_RE, '密码由字母、数字、下划线组成，6-16位'),
});

export const updatePhoneBody = z.object({
  mobile: z.string().regex(MOBILE_RE, '请输入正确的手机号'),
  code: z.string().regex(/^\d{6}$/, '请输入验证码'),
  /** The account whose phone changes: only the caller's own id (or omitted). */
  id: idSchema.optional(),
  syncCardInfo: z.boolean().default(false),
  /** The login password: required to replace a number (not to bind a first one). */
  password: z.string().max(64).optional(),
});
/** UpdatePhoneByCode: 1 success, -1 wrong code (SPEC §7). */
export const phoneResult = z.object({ result: z.union([z.literal(1), z.literal(-1)]) });

/** A yes/no answer (permission and admin checks). */
export const boolResult = z.object({ result: z.boolean() });

/** A key of the wrong length is no key: said as an unknown one is (a login link cut short, a typo). */
const KEY_UNKNOWN = '登录密钥无效或已过期';
export const secretKeyParams = z.object({ key: z.string().min(16, KEY_UNKNOWN).max(200, KEY_UNKNOWN) });
/** GetSecretKey: `url` is an external app's base address, its menu path, or its code (WJTCRM, WJTSKB, SVIDEO). */
export const secretKeyQuery = z.object({
  url: z.string().trim().min(1, 'url is required').max(500),
  account: z.string().trim().max(64).optional(),
});
export const secretKeyAnswer = z.object({ key: z.string(), url: z.string(), expiresIn: z.number().int() });

/** Account facts an admin may read about a member; never a password or its hash. */
export const accountFacts = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(['admin', 'staff']),
  hasPassword: z.boolean(),
  passwordUpdatedAt: z.string().nullable(),
});
export type AccountFacts = z.infer<typeof accountFacts>;

export const sendCodeAnswer = z.object({
  ok: z.literal(true),
  expiresIn: z.number().int(),
  resendIn: z.number().int(),
});

export const wechatBindBody = z.object({
  code: z.string().trim().min(1, 'code is required').max(256),
  /** The login password: required more than 15 minutes after the login (a WeChat signs the account in). */
  password: z.string().max(64).optional(),
});
export const wechatLoginQuery = z.object({
  /** The OAuth code WeChat hands back (the spec calls the parameter openid). */
  openid: z.string().trim().min(1, 'openid is required').max(256),
  /** The state the server issued (wxloginstate) to the browser that shows the QR code. */
  state: z.string({ error: '缺少登录状态码' }).trim().min(8, '缺少登录状态码').max(128),
});
export const wechatCheckQuery = z.object({ state: z.string().trim().min(8, 'state is required').max(128) });
export const wechatStateAnswer = z.object({ state: z.string(), expiresIn: z.number().int() });
export const wechatCheckAnswer = z.object({
  status: z.enum(['pending', 'done', 'unbound']),
  token: z.string().optional(),
});
export const externalLoginAnswer = z.object({ url: z.string() });

export const createCompanyBody = z.object({
  icCompanyName: z.string().trim().min(1, '请输入企业名称').max(64),
  regionId: idOf('请选择企业地区'),
  icLinkMan: z.string().trim().min(1, '请输入联系人').max(32),
});
export const joinCompanyBody = z.object({
  randomCode: z.string().trim().min(1, '请输入企业号').max(32),
  name: z.string().trim().min(1, '请输入请输入申请人姓名').max(32),
  description: z.string().trim().max(JOIN_REASON_MAX, `最多${JOIN_REASON_MAX}个字`).default(''),
});

const roleSchema = z.enum(['admin', 'staff']);
const userProfile = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  avatar: z.string(),
  phone: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  role: roleSchema,
});
/** GET /usr/session: never empty (SPEC §5 "验证失败，请重新登陆" is for a broken server). */
export const userInfoAnswer = z.object({
  profile: userProfile,
  permissions: z.array(z.string()),
  roles: z.array(roleSchema),
  codes: z.array(z.string()),
  customerId: z.number().int(),
  isAdmin: z.boolean(),
  isOperator: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoAnswer>;

/** Company list item of SPEC §3. */
export const companyListItem = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  /** The caller's name in that company. */
  name: z.string(),
  logo: z.string(),
  proName: z.string(),
  status: companyStatusSchema,
  days: z.number().int(),
  current: z.boolean(),
  /** Unread 🔥 hot messages of the caller in this company (capped at BADGE_CAP + 1). */
  hotUnread: z.number().int(),
});
export type CompanyListItem = z.infer<typeof companyListItem>;
/** The companies the caller belongs to (GetCompanys). */
export const companyListAnswer = z.object({ data: z.array(companyListItem) });

/** GET /public/config: what the console needs to know before anyone logs in (names and addresses). */
export const publicConfig = z.object({
  appName: z.string(),
  supportPhone: z.string(),
  appDownloadUrl: z.string(),
  externalApps: z.object({ WJTCRM: z.string(), WJTSKB: z.string(), SVIDEO: z.string() }),
  /** Whether this server takes a video's cover from its frames (ffmpeg installed) when none is uploaded. */
  videoFrames: z.boolean(),
});
