import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { refuseStaff1Application } from '../../../test/seeded-application.js';
import { memberships } from '../../db/schema/index.js';
import { INVITED_ELSEWHERE } from '../../lib/people.js';

/**
 * A pending invitation of another company is that company's trust in the person. An administrator who set the
 * person's password could sign in as them and accept it at once, joining a company they do not administer and
 * reading its data: so an administrator does not change the account of a member another company has invited.
 * Seeded `staff1` belongs to 演示科技 (A) only; `admin` administers A, `badmin` 示例传媒 (B).
 */
const {
  t,
  tokens: [admin, badmin, staff1],
} = await appForFile(['admin', 'badmin', 'staff1']);

// staff1's seeded application to B refuses A's administrator a reset of staff1 (admin-applied.test): B refuses it.
beforeAll(() => refuseStaff1Application(t));

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

describe('UpdatePassWordAdmin on a member another company has invited', () => {
  it("refuses A's administrator with 403 while B's invitation waits; staff1's password stays", async () => {
    expect(await canManage()).toBe(true);
    const invited = await t.call(badmin, {
      method: 'POST',
      url: '/api/cus/companymember/Invite',
      payload: { phone: '13800000002', role: 'staff' },
    });
    expect(invited.statusCode, invited.body).toBe(200);

    const res = await resetPassword(t.ids.staff1, 'taken_over_1');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(INVITED_ELSEWHERE);
    expect(res.json().detail).toBe('该成员已受邀加入其他企业，不能由本企业管理员修改，请本人通过短信验证码重置');
    const en = await resetPassword(t.ids.staff1, 'taken_over_1', 'en');
    expect(en.json().detail).toMatch(/^This member is invited to another company/);
    // The console offers no 重置密码 for them meanwhile.
    expect(await canManage()).toBe(false);
    // No takeover: the new password does not sign in, the old one does.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      payload: { account: 'staff1', password: 'taken_over_1' },
    });
    expect(login.statusCode).toBe(401);
    await t.login('staff1');

    // Once staff1 has answered (declined), the account is A's administrator's to reset again.
    const declined = await t.call(staff1, {
      method: 'POST',
      url: `/api/usr/users/DeclineInvitation/${invited.json().id}`,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await canManage()).toBe(true);
    expect((await resetPassword(t.ids.staff1, 'reset_ok_1')).statusCode).toBe(200);
    await t.login('staff1', 'reset_ok_1');
  });

  it('an invitation of a company the administrator administers too does not count', async () => {
    const invited = await t.call(badmin, {
      method: 'POST',
      url: '/api/cus/companymember/Invite',
      payload: { phone: '13800000002', role: 'staff' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect((await resetPassword(t.ids.staff1, 'reset_ok_2')).statusCode).toBe(403);
    // admin becomes an administrator of B as well: B's invitation is then one of their own companies'.
    await t.app.db.insert(memberships).values({ companyId: t.ids.companyB, userId: t.ids.admin, role: 'admin' });
    expect((await resetPassword(t.ids.staff1, 'reset_ok_2')).statusCode).toBe(200);
  });
});
