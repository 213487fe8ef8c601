import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { refuseStaff1Application } from '../../../test/seeded-application.js';
import { smsLogin } from '../../../test/sms-login.js';
import { users } from '../../db/schema/index.js';
import {
  ADMIN_PASSWORD_ACCOUNT,
  ADMIN_PASSWORD_ACCOUNT_NO_PHONE,
  ADMIN_PASSWORD_CREATE_NO_PHONE,
  ADMIN_PASSWORD_ELSEWHERE,
  ADMIN_PASSWORD_ELSEWHERE_NO_PHONE,
  ADMIN_PASSWORD_WECHAT,
} from '../../lib/admin-password.js';

/**
 * The way past a password an administrator set for a person with no phone number: no SMS code to prove themselves
 * with, so a login with that password may bind the account's first number (its code checked), and an SMS login with
 * it is the person's own. Every refusal because of the hold carries the code ADMIN_SET_PASSWORD. Seeded: `admin` administers 演示科技 (A), `badmin` 示例传媒 (B,
 * number 100002); staff1 belongs to A; multi to A and B.
 */
const {
  t,
  tokens: [admin],
} = await appForFile(['admin'], { WECHAT_APP_ID: 'wx-test', WECHAT_APP_SECRET: 'wx-secret' });

const HELD = 'admin_set_9';

beforeAll(async () => {
  // WeChat's servers are out of reach in tests: the adapter maps a code to an openid (wechat-bind.test).
  t.app.wechat = {
    configured: true,
    async openIdFromCode(code: string) {
      return `oid-${code}`;
    },
  };
  // The seeded application of staff1 to B would refuse the reset (admin-applied.test).
  await refuseStaff1Application(t);
  // An account from before phone numbers were asked (account.test binds a first number the same way).
  await t.app.db.update(users).set({ phone: null }).where(eq(users.id, t.ids.staff1));
  const reset = await t.call(admin, {
    method: 'POST',
    url: `/api/usr/session/UpdatePassWordAdmin/${t.ids.staff1}`,
    payload: { password: HELD },
  });
  expect(reset.statusCode, reset.body).toBe(200);
});

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  t.call(token, { method, url: `/api${url}`, headers: { 'accept-language': lang }, ...(payload ? { payload } : {}) });
const applyToB = (token: string, lang?: string) =>
  call(token, 'POST', '/cus/joincustomerapplier/ApplierJoinCustomer', { randomCode: '100002', name: '李员工' }, lang);

let ipSeq = 0;
/** A code for binding `phone` (purpose phone), from the offline SMS adapter's outbox; each from its own address. */
async function phoneCode(phone: string): Promise<string> {
  await t.app.limiter.reset(`sms:phone:${phone}`);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/maint/common/SendCodeMsg',
    remoteAddress: `10.7.0.${++ipSeq}`,
    payload: { phoneNo: phone, purpose: 'phone' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const msg = [...t.app.sms.sent].reverse().find((m) => m.phone === phone);
  const code = /(\d{6})/.exec(msg?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}
const bind = async (token: string, mobile: string) =>
  call(token, 'POST', '/usr/session/UpdatePhoneByCode', { mobile, code: await phoneCode(mobile) });
const phoneOf = async (userId: number) =>
  (await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]?.phone ?? null;

describe('a password an administrator set, for a person with no phone number', () => {
  it('refuses another company and a WeChat with the code, and words that say to bind a phone first', async () => {
    const asStaff = await t.login('staff1', HELD);
    const refused = await applyToB(asStaff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_SET_PASSWORD', detail: ADMIN_PASSWORD_ELSEWHERE_NO_PHONE });
    expect(refused.json().detail).toBe(
      '您的密码由企业管理员设置，不能用于进入或加入其他企业，请先绑定本人手机号，再使用手机号验证码登录后重试',
    );
    const en = await applyToB(asStaff, 'en');
    expect(en.json().code).toBe('ADMIN_SET_PASSWORD');
    expect(en.json().detail).toMatch(/bind your own phone number, then sign in with an SMS code/);
    // Nor may it bind a WeChat (the administrator's, perhaps): first a number of their own, then an SMS login.
    const wechat = await call(asStaff, 'POST', '/usr/session/bindwechatopenid', { code: 'staff1-wx' });
    expect(wechat.statusCode).toBe(403);
    expect(wechat.json()).toMatchObject({ code: 'ADMIN_SET_PASSWORD', detail: ADMIN_PASSWORD_ACCOUNT_NO_PHONE });
    expect(wechat.json().detail).toBe('您的密码由企业管理员设置，请先绑定本人手机号，再使用手机号验证码登录后绑定微信');
    // Nor create a company it could not enter: first a number of their own, then an SMS login.
    const created = await call(asStaff, 'POST', '/cus/customer/RegisterCompany', {
      icCompanyName: '李员工工作室',
      regionId: 310100,
      icLinkMan: '李员工',
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ code: 'ADMIN_SET_PASSWORD', detail: ADMIN_PASSWORD_CREATE_NO_PHONE });
    expect(created.json().detail).toBe(
      '您的密码由企业管理员设置，不能用于创建企业，请先绑定本人手机号，再使用手机号验证码登录后创建',
    );
  });

  it('refuses a number another account holds, and an administrator cannot bind one for the member', async () => {
    const asStaff = await t.login('staff1', HELD);
    // The administrator's own number (13800000001) is admin's account's: 409 once its code is right.
    const taken = await bind(asStaff, '13800000001');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: '该手机号已被其他账号使用', field: 'mobile' });
    // A's administrator, signed in as themselves, names staff1: the phone is only ever one's own (404).
    const forThem = await call(admin, 'POST', '/usr/session/UpdatePhoneByCode', {
      mobile: '13912340002',
      code: await phoneCode('13912340002'),
      id: t.ids.staff1,
    });
    expect(forThem.statusCode).toBe(404);
    expect(await phoneOf(t.ids.staff1)).toBeNull();
  });

  it('binds a first number from the held login; the SMS login with it is their own and joins B', async () => {
    const asStaff = await t.login('staff1', HELD);
    const bound = await bind(asStaff, '13912340001');
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json()).toEqual({ result: 1 });
    expect(await phoneOf(t.ids.staff1)).toBe('13912340001');
    // Every session ended with the change; 验证码登录 with the new number is not held.
    expect((await call(asStaff, 'GET', '/usr/session')).statusCode).toBe(410);
    const own = await smsLogin(t, '13912340001');
    const applied = await applyToB(own);
    expect(applied.statusCode, applied.body).toBe(200);
    // The administrator-set password still is: its refusal now names the SMS login, the account having a number.
    const asStaff2 = await t.login('staff1', HELD);
    const still = await applyToB(asStaff2);
    expect(still.statusCode).toBe(403);
    expect(still.json()).toMatchObject({ code: 'ADMIN_SET_PASSWORD', detail: ADMIN_PASSWORD_ELSEWHERE });
    // Nor may it replace the number now bound: that would take the person's own way in from them.
    const replaced = await bind(asStaff2, '13912340003');
    expect(replaced.statusCode).toBe(403);
    expect(replaced.json()).toMatchObject({ code: 'ADMIN_SET_PASSWORD', detail: ADMIN_PASSWORD_ACCOUNT });
    expect(await phoneOf(t.ids.staff1)).toBe('13912340001');
  });

  it('binds no number while something lies beyond the hold: WeChat to sign in with, or another company', async () => {
    // multi (A and B), its password held to A as if A's administrator had set it while multi was in A only.
    await t.app.db
      .update(users)
      .set({ phone: null, passwordSetFor: [t.ids.companyA], passwordSetBy: t.ids.admin })
      .where(eq(users.id, t.ids.multi));
    const inB = await bind(await t.login('multi'), '13912340004');
    expect(inB.statusCode).toBe(403);
    expect(inB.json()).toMatchObject({ code: 'ADMIN_SET_PASSWORD', detail: ADMIN_PASSWORD_ACCOUNT });
    // With WeChat bound, that is the person's own way in, and the words say so.
    await t.app.db.update(users).set({ wechatOpenId: 'o-multi-own' }).where(eq(users.id, t.ids.multi));
    const withWechat = await bind(await t.login('multi'), '13912340004');
    expect(withWechat.statusCode).toBe(403);
    expect(withWechat.json()).toMatchObject({ code: 'ADMIN_SET_PASSWORD', detail: ADMIN_PASSWORD_WECHAT });
    expect(await phoneOf(t.ids.multi)).toBeNull();
  });
});
