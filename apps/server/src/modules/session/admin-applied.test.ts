import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { smsLogin } from '../../../test/sms-login.js';
import { APPLIED_ELSEWHERE } from '../../lib/people.js';

/**
 * A person's own application to join another company, once that company approves it, lets the password an
 * administrator set open that company too: A's administrator resets the password, B approves the application and A's
 * administrator signs in as the person into B. So a pending application counts as an invitation does (42b6870).
 * Seeded `staff1` belongs to 演示科技 (A) only and has applied to join 示例传媒 (B); `admin` administers A, `badmin` B.
 */
const {
  t,
  tokens: [admin, badmin],
} = await appForFile(['admin', 'badmin']);

const resetPassword = (id: number, password: string, lang = 'zh-CN') =>
  t.call(admin, {
    method: 'POST',
    url: `/api/usr/session/UpdatePassWordAdmin/${id}`,
    headers: { 'accept-language': lang },
    payload: { password },
  });

const canManage = async () => {
  const res = await t.call(admin, { method: 'GET', url: '/api/cus/companymember/GetPageList?pageSize=50' });
  const row = res.json().data.find((m: { userId: number }) => m.userId === t.ids.staff1);
  return row.canManageAccount as boolean;
};

const pendingOfStaff1 = async () => {
  const res = await t.call(badmin, { method: 'GET', url: '/api/cus/companymember/GetApplications?status=pending' });
  return res.json().data.find((a: { userId: number }) => a.userId === t.ids.staff1) as { id: number } | undefined;
};

describe('UpdatePassWordAdmin on a member who has applied to join another company', () => {
  it("refuses A's administrator with 403 while the application to B waits; staff1's password stays", async () => {
    expect(await pendingOfStaff1()).toBeDefined();
    const res = await resetPassword(t.ids.staff1, 'taken_over_1');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(APPLIED_ELSEWHERE);
    expect(res.json().detail).toBe('该成员已申请加入其他企业，不能由本企业管理员修改，请本人通过短信验证码重置');
    const en = await resetPassword(t.ids.staff1, 'taken_over_1', 'en');
    expect(en.json().detail).toMatch(/^This member has applied to join another company/);
    // The console offers no 重置密码 for them meanwhile.
    expect(await canManage()).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      payload: { account: 'staff1', password: 'taken_over_1' },
    });
    expect(login.statusCode).toBe(401);

    // Once B has decided (refused), the account is A's administrator's to reset again.
    const pending = await pendingOfStaff1();
    const refused = await t.call(badmin, {
      method: 'POST',
      url: `/api/cus/companymember/RefuseApplication/${pending?.id}`,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await canManage()).toBe(true);
    expect((await resetPassword(t.ids.staff1, 'reset_ok_1')).statusCode).toBe(200);
    await t.login('staff1', 'reset_ok_1');
  });

  it('an application sent again to B blocks the reset again', async () => {
    // staff1 applies signed in by SMS code (a login with the password A's administrator set above may not apply to
    // another company: lib/admin-password.ts).
    const token = await smsLogin(t, '13800000002');
    const again = await t.call(token, {
      method: 'POST',
      url: '/api/cus/joincustomerapplier/ApplierJoinCustomer',
      payload: { randomCode: '100002', name: '李员工' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await resetPassword(t.ids.staff1, 'reset_ok_2')).statusCode).toBe(403);
  });
});
