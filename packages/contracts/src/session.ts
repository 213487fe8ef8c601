import { z } from 'zod';
import { ACCOUNT_RE, MOBILE_RE, PASSWORD_RE } from './common.js';
import { JOIN_REASON_MAX } from './constants.js';
import type { CompanyStatus, Role } from './permissions.js';

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
  id: z.coerce.number().int().optional(),
  syncCardInfo: z.boolean().default(false),
});

export const registerBody = z.object({
  account: z.string().trim().regex(ACCOUNT_RE, '账号以字母开头，5-16位字母、数字或下划线'),
  password: z.string().regex(PASSWORD_RE, '密码由字母、数字、下划线组成，6-16位'),
  name: z.string().trim().min(1, '请输入姓名').max(32),
  mobile: z.string().regex(MOBILE_RE, '请输入正确的手机号'),
  code: z.string().regex(/^\d{6}$/, '请输入验证码'),
});

export const createCompanyBody = z.object({
  icCompanyName: z.string().trim().min(1, '请输入企业名称').max(64),
  regionId: z.coerce.number().int().positive({ message: '请选择企业地区' }),
  icLinkMan: z.string().trim().min(1, '请输入联系人').max(32),
});
export const joinCompanyBody = z.object({
  randomCode: z.string().trim().min(1, '请输入企业号').max(32),
  name: z.string().trim().min(1, '请输入请输入申请人姓名').max(32),
  description: z.string().trim().max(JOIN_REASON_MAX, `最多${JOIN_REASON_MAX}个字`).default(''),
});

export interface UserProfile {
  id: number;
  account: string;
  name: string;
  avatar: string;
  phone: string;
  companyId: number;
  companyName: string;
  role: Role;
}
export interface UserInfo {
  profile: UserProfile;
  permissions: string[];
  roles: Role[];
  codes: string[];
  customerId: number;
  isAdmin: boolean;
  isOperator: boolean;
}

/** Company list item of SPEC §3. */
export interface CompanyListItem {
  id: number;
  customerId: number;
  customerName: string;
  name: string;
  logo: string;
  proName: string;
  status: CompanyStatus;
  days: number;
  current: boolean;
}

/** Customer info of SPEC §3. */
export interface CustomerInfo {
  productName: string;
  reDays: number;
  endDate: string | null;
  customerName: string;
  customerId: number;
  status: CompanyStatus;
  companyNumber: string;
}
