import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { refuseStaff1Application } from '../../../test/seeded-application.js';
import { smsLogin } from '../../../test/sms-login.js';
import { companies, sessions } from '../../db/schema/index.js';
import { ADMIN_PASSWORD_ACCOUNT, ADMIN_PASSWORD_CREATE, ADMIN_PASSWORD_ELSEWHERE } from '../../lib/admin-password.js';
import { hashToken } from '../../lib/tokens.js';

/**
 * A password an administrator set is known to that administrator: it opens only the companies it was set for. A's
 * administrator resets staff1's password (staff1 belongs to A only, so it is allowed); later B invites staff1, or
 * approves staff1's application. Signed in with that password, A's administrator may not accept B's invitation, enter
 * B, or give the account another way in (phone, WeChat); staff1, signed in by SMS code, does all of it.
 * Seeded: `admin` administers 演示科技 (A), `badmin` 示例传媒 (B); staff1 (13800000002) belongs to A.
 */
const {
  t,
  tokens: [admin, badmin],
} = await appForFile(['admin', 'badmin'], { XPMF_URL: 'https://xpmf.example.com/auto' });

beforeAll(async () => {
  // The seeded application of staff1 to B would refuse the reset (admin-applied.test).
  await refuseStaff1Application(t);
  const reset = await t.call(admin, {
    method: 'POST',
    url: `/api/usr/session/UpdatePassWordAdmin/${t.ids.staff1}`,
    payload: { password: 'admin_set_1' },
  });
  expect(reset.statusCode, reset.body).toBe(200);
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'zh-CN') =>
  t.call(token, { method, url: `/api${url}`, headers: { 'accept-language': lang }, ...(payload ? { payload } : {}) });
const companyOf = async (token: string) => (await call(token, 'GET', '/usr/session')).json().customerId as number;
const phoneLogin = () => smsLogin(t, '13800000002');

describe('a password an administrator set', () => {
  let invitationId = 0;

  it("does not accept another company's invitation, nor change the phone: 403, the invitation still waits", async () => {
    const invited = await call(badmin, 'POST', '/cus/companymember/Invite', { phone: '13800000002', role: 'staff' });
    expect(invited.statusCode, invited.body).toBe(200);
    invitationId = invited.json().id;
    // A's administrator, knowing the password, signs in as staff1: in A, as before.
    const asStaff = await t.login('staff1', 'admin_set_1');
    expect(await companyOf(asStaff)).toBe(t.ids.companyA);
    const accepted = await call(asStaff, 'POST', `/usr/users/AcceptInvitation/${invitationId}`);
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json().detail).toBe(ADMIN_PASSWORD_ELSEWHERE);
    // A code the console tells this refusal by (it offers 使用验证码登录), whatever the reader's language.
    expect(accepted.json().code).toBe('ADMIN_SET_PASSWORD');
    expect(accepted.json().detail).toBe(
      '您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试',
    );
    const en = await call(asStaff, 'POST', `/usr/users/AcceptInvitation/${invitationId}`, undefined, 'en');
    expect(en.json().detail).toMatch(/^Your password was set by a company administrator/);
    expect(en.json().code).toBe('ADMIN_SET_PASSWORD');
    const mine = (await call(asStaff, 'GET', '/usr/users/GetMyInvitations')).json().data;
    expect(mine.map((i: { id: number }) => i.id)).toContain(invitationId);
    // Nor may it give the account a phone of the administrator's, for an SMS login beyond these walls.
    const phone = await call(asStaff, 'POST', '/usr/session/UpdatePhoneByCode', {
      mobile: '13912345678',
      code: '123456',
      password: 'admin_set_1',
    });
    expect(phone.statusCode).toBe(403);
    expect(phone.json().detail).toBe(ADMIN_PASSWORD_ACCOUNT);
    // Every refusal because of the hold carries the code, this one too: the console offers 使用验证码登录.
    expect(phone.json().code).toBe('ADMIN_SET_PASSWORD');
  });

  it('staff1, signed in by SMS code, accepts and enters B; the administrator-set password still does not open B', async () => {
    const own = await phoneLogin();
    const accepted = await call(own, 'POST', `/usr/users/AcceptInvitation/${invitationId}`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const inB = await call(own, 'GET', `/usr/session/SwitchToken/${t.ids.companyB}`);
    expect(inB.statusCode, inB.body).toBe(200);
    expect(await companyOf(inB.json().token)).toBe(t.ids.companyB);

    // The administrator's login: it lands in A, even though staff1 used B last, and cannot switch to B.
    const asStaff = await t.login('staff1', 'admin_set_1');
    expect(await companyOf(asStaff)).toBe(t.ids.companyA);
    const switched = await call(asStaff, 'GET', `/usr/session/SwitchToken/${t.ids.companyB}`);
    expect(switched.statusCode).toBe(403);
    expect(switched.json().detail).toBe(ADMIN_PASSWORD_ELSEWHERE);
    expect(switched.json().code).toBe('ADMIN_SET_PASSWORD');
    // B's data stays out of reach.
    expect((await call(asStaff, 'GET', '/usr/session')).json().customerId).toBe(t.ids.companyA);

    // A new password chosen from the administrator-set login is still the administrator's to know: held as before.
    const changed = await call(asStaff, 'PUT', '/usr/session/password', {
      oldPassword: 'admin_set_1',
      password: 'admin_set_2',
      rePassword: 'admin_set_2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await t.login('staff1', 'admin_set_2');
    expect((await call(again, 'GET', `/usr/session/SwitchToken/${t.ids.companyB}`)).statusCode).toBe(403);
  });

  it('does not apply to join another company; staff1 applies signed in by SMS code, and B approved opens B only to them', async () => {
    // staff1 leaves B (B removes them) and applies again, signed in with the administrator-set password: refused.
    const members = (await call(badmin, 'GET', '/cus/companymember/GetPageList?pageSize=50')).json().data;
    const row = members.find((m: { userId: number }) => m.userId === t.ids.staff1);
    expect((await t.call(badmin, { method: 'DELETE', url: `/api/cus/companymember/${row.id}` })).statusCode).toBe(200);
    const apply = (token: string, lang = 'zh-CN') =>
      call(
        token,
        'POST',
        '/cus/joincustomerapplier/ApplierJoinCustomer',
        { randomCode: '100002', name: '李员工' },
        lang,
      );
    const asStaff = await t.login('staff1', 'admin_set_2');
    const refused = await apply(asStaff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(ADMIN_PASSWORD_ELSEWHERE);
    expect(refused.json().code).toBe('ADMIN_SET_PASSWORD');
    expect((await apply(asStaff, 'en')).json().detail).toMatch(/^Your password was set by a company administrator/);
    // No application waits in B, and its administrators were told of none.
    const waiting = (await call(asStaff, 'GET', '/usr/users/GetMyApplications')).json().data;
    expect(waiting.filter((a: { status: string }) => a.status === 'pending')).toEqual([]);
    // staff1, signed in by SMS code, applies; B approves.
    const applied = await apply(await phoneLogin());
    expect(applied.statusCode, applied.body).toBe(200);
    const approved = await call(badmin, 'POST', `/cus/companymember/ApproveApplication/${applied.json().id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    // The administrator-set login still cannot enter B.
    const switched = await call(asStaff, 'GET', `/usr/session/SwitchToken/${t.ids.companyB}`);
    expect(switched.statusCode).toBe(403);
    expect(switched.json().detail).toBe(ADMIN_PASSWORD_ELSEWHERE);
  });

  it('a held session read in a company the password does not open answers 410 with the code', async () => {
    // staff1 belongs to B now (approved above); the administrator-set login lands in A.
    const asStaff = await t.login('staff1', 'admin_set_2');
    // As a switch racing the reset would leave it: the session, not read yet, finds itself in B.
    await t.app.db
      .update(sessions)
      .set({ companyId: t.ids.companyB })
      .where(eq(sessions.tokenHash, hashToken(asStaff)));
    const read = await call(asStaff, 'GET', '/usr/session');
    expect(read.statusCode).toBe(410);
    expect(read.json().detail).toBe(ADMIN_PASSWORD_ELSEWHERE);
    // The code, as with the 403s: the console offers 使用验证码登录 after this end of the session too.
    expect(read.json().code).toBe('ADMIN_SET_PASSWORD');
    const en = await call(asStaff, 'GET', '/usr/session', undefined, 'en');
    expect(en.statusCode).toBe(410);
    expect(en.json().detail).toMatch(/^Your password was set by a company administrator/);
    expect(en.json().code).toBe('ADMIN_SET_PASSWORD');
  });

  it("an external app's login key is held as the session it was made from", async () => {
    const keyOf = async (token: string) => {
      const res = await call(token, 'GET', '/cus/session/getxpmfautoLogin');
      expect(res.statusCode, res.body).toBe(200);
      return new URL(res.json().url).searchParams.get('key');
    };
    const exchange = async (key: string | null) =>
      (await t.app.inject({ method: 'GET', url: `/api/usr/session/LoginSecretKey/${key}` })).json().token as string;
    // An SMS login in B (staff1's password is still the administrator's): the app's session works in B.
    await t.app.limiter.reset('sms:phone:13800000002');
    const inB = (await call(await phoneLogin(), 'GET', `/usr/session/SwitchToken/${t.ids.companyB}`)).json().token;
    const appInB = await exchange(await keyOf(inB));
    expect(await companyOf(appInB)).toBe(t.ids.companyB);
    // A key made from the administrator-set login in A: its session may not switch to B.
    const appInA = await exchange(await keyOf(await t.login('staff1', 'admin_set_2')));
    const switched = await call(appInA, 'GET', `/usr/session/SwitchToken/${t.ids.companyB}`);
    expect(switched.statusCode).toBe(403);
  });

  // A held login created the company and became its administrator, then could not enter it (403 on the switch):
  // a company nobody could enter from that login, and the console said 企业已创建 before the refusal.
  it('does not create a company: 403 with the code before anything is created; staff1 creates it by SMS login', async () => {
    const create = (token: string, lang = 'zh-CN') =>
      call(
        token,
        'POST',
        '/cus/customer/RegisterCompany',
        { icCompanyName: '李员工工作室', regionId: 310100, icLinkMan: '李员工' },
        lang,
      );
    const named = async () =>
      (await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.name, '李员工工作室'))).length;
    const asStaff = await t.login('staff1', 'admin_set_2');
    const refused = await create(asStaff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_SET_PASSWORD', detail: ADMIN_PASSWORD_CREATE });
    expect(refused.json().detail).toBe('您的密码由企业管理员设置，不能用于创建企业，请使用手机号验证码登录后再创建');
    const en = await create(asStaff, 'en');
    expect(en.json().code).toBe('ADMIN_SET_PASSWORD');
    expect(en.json().detail).toMatch(/^Your password was set by a company administrator and cannot be used to create/);
    expect(await named()).toBe(0);
    // staff1, signed in by SMS code, creates it and enters it as its administrator.
    await t.app.limiter.reset('sms:phone:13800000002');
    const own = await phoneLogin();
    const created = await create(own);
    expect(created.statusCode, created.body).toBe(200);
    const entered = await call(own, 'GET', `/usr/session/SwitchToken/${created.json().id}`);
    expect(entered.statusCode, entered.body).toBe(200);
    expect(await named()).toBe(1);
  });

  it('a password staff1 chooses from an SMS login (carried through a switch) is theirs: it opens B again', async () => {
    // The minute between two codes to one phone has passed.
    await t.app.limiter.reset('sms:phone:13800000002');
    const own = await phoneLogin();
    const inB = await call(own, 'GET', `/usr/session/SwitchToken/${t.ids.companyB}`);
    expect(inB.statusCode, inB.body).toBe(200);
    const changed = await call(inB.json().token, 'PUT', '/usr/session/password', {
      oldPassword: 'admin_set_2',
      password: 'my_own_3',
      rePassword: 'my_own_3',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const withOwn = await t.login('staff1', 'my_own_3');
    const switched = await call(withOwn, 'GET', `/usr/session/SwitchToken/${t.ids.companyB}`);
    expect(switched.statusCode, switched.body).toBe(200);
  });
});
