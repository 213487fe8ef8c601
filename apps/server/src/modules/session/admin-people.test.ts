import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { refuseStaff1Application } from '../../../test/seeded-application.js';
import { memberships, users } from '../../db/schema/index.js';
import { OTHER_COMPANY_MEMBER } from '../../lib/people.js';

/**
 * An administrator changes a person (not a membership) only when every company of that person is one they
 * administer. Seeded `multi` is staff of 演示科技 (A) and of 示例传媒 (B); `badmin` administers only B,
 * `admin` only A.
 */
const { t } = await appForFile([]);

// staff1's seeded application to B refuses A's administrator a reset of staff1 (admin-applied.test): B refuses it.
beforeAll(() => refuseStaff1Application(t));

const resetPassword = (token: string, id: number, password: string) =>
  t.call(token, { method: 'POST', url: `/api/usr/session/UpdatePassWordAdmin/${id}`, payload: { password } });

describe('UpdatePassWordAdmin on a member of two companies', () => {
  it('the member list says whose account the administrator may change (the console hides 重置密码 otherwise)', async () => {
    const list = async (account: string) => {
      const token = await t.login(account);
      const res = await t.call(token, { method: 'GET', url: '/api/cus/companymember/GetPageList?pageSize=50' });
      return Object.fromEntries(
        res.json().data.map((m: { userId: number; canManageAccount: boolean }) => [m.userId, m.canManageAccount]),
      );
    };
    expect(await list('admin')).toMatchObject({ [t.ids.admin]: true, [t.ids.staff1]: true, [t.ids.multi]: false });
    expect((await list('badmin'))[t.ids.multi]).toBe(false);
  });

  it("refuses B's administrator with 403 and a clear message; multi's password and sessions stay", async () => {
    const multi = await t.login('multi');
    const badmin = await t.login('badmin');
    const res = await resetPassword(badmin, t.ids.multi, 'taken_over_1');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toBe(OTHER_COMPANY_MEMBER);
    expect(res.json().detail).toBe('该成员还属于其他企业，不能由本企业管理员修改，请本人通过短信验证码重置');
    expect(res.json().title).toBe('Forbidden');
    const en = await t.call(badmin, {
      method: 'POST',
      url: `/api/usr/session/UpdatePassWordAdmin/${t.ids.multi}`,
      headers: { 'accept-language': 'en' },
      payload: { password: 'taken_over_1' },
    });
    expect(en.json()).toMatchObject({
      title: 'Forbidden',
      detail: expect.stringMatching(/^This member also belongs to another company/),
    });
    // The takeover fails: the new password does not log in, the old one does, multi's session lives.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      payload: { account: 'multi', password: 'taken_over_1' },
    });
    expect(login.statusCode).toBe(401);
    await t.login('multi');
    expect((await t.call(multi, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(200);
  });

  it("refuses A's administrator too (multi also belongs to B)", async () => {
    const admin = await t.login('admin');
    const res = await resetPassword(admin, t.ids.multi, 'taken_over_2');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(OTHER_COMPANY_MEMBER);
  });

  it("still lets an administrator reset a member who belongs only to the administrator's company", async () => {
    const badmin = await t.login('badmin');
    // staff1 belongs to A only.
    const admin = await t.login('admin');
    expect((await resetPassword(admin, t.ids.staff1, 'reset_ok_1')).statusCode).toBe(200);
    await t.login('staff1', 'reset_ok_1');
    // Another company's person stays 404 (never revealed).
    expect((await resetPassword(badmin, t.ids.staff1, 'reset_ok_2')).statusCode).toBe(404);
  });

  it('allows it once the administrator administers every company of the person', async () => {
    // admin of A becomes administrator of B as well: now every company of multi is one they administer.
    await t.app.db.insert(memberships).values({ companyId: t.ids.companyB, userId: t.ids.admin, role: 'admin' });
    const admin = await t.login('admin');
    expect((await resetPassword(admin, t.ids.multi, 'reset_ok_3')).statusCode).toBe(200);
    await t.login('multi', 'reset_ok_3');
    // A removed membership no longer counts as a company of the person: once multi left A, B's administrator may.
    const badmin = await t.login('badmin');
    expect((await resetPassword(badmin, t.ids.multi, 'reset_ok_4')).statusCode).toBe(403);
    await t.app.db
      .update(memberships)
      .set({ status: 'removed' })
      .where(and(eq(memberships.userId, t.ids.multi), eq(memberships.companyId, t.ids.companyA)));
    expect((await resetPassword(badmin, t.ids.multi, 'reset_ok_4')).statusCode).toBe(200);
  });
});

describe("an administrator cannot make someone's account theirs by inviting it", () => {
  it('an invited operator is not a member until they accept, and even then is beyond any administrator', async () => {
    const admin = await t.login('admin');
    const invite = async () =>
      t.call(admin, { method: 'POST', url: '/api/cus/companymember/Invite', payload: { phone: '13800000009' } });
    const invited = await invite();
    expect(invited.json()).toMatchObject({ result: 'invited' });
    // Not a member: the reset answers 404 as for anyone outside the company, and the operator still logs in.
    expect((await resetPassword(admin, t.ids.operator, 'pwned_123')).statusCode).toBe(404);
    // The operator accepts (say, to help the company): still out of the administrator's reach.
    const operator = await t.login('operator');
    expect(
      (await t.call(operator, { method: 'POST', url: `/api/usr/users/AcceptInvitation/${invited.json().id}` }))
        .statusCode,
    ).toBe(200);
    const res = await resetPassword(admin, t.ids.operator, 'pwned_123');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(OTHER_COMPANY_MEMBER);
    await t.login('operator');
  });

  it('a declined invitation leaves no membership and can be sent again', async () => {
    const admin = await t.login('admin');
    const staffB = await t.login('badmin');
    const sent = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/companymember/Invite',
      payload: { phone: '13800000004' },
    });
    expect(sent.statusCode).toBe(200);
    const declined = await t.call(staffB, {
      method: 'POST',
      url: `/api/usr/users/DeclineInvitation/${sent.json().id}`,
    });
    expect(declined.statusCode).toBe(200);
    expect((await t.call(staffB, { method: 'GET', url: '/api/usr/users/GetMyInvitations' })).json().data).toEqual([]);
    const [b] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.account, 'badmin'));
    expect((await resetPassword(admin, b.id, 'pwned_456')).statusCode).toBe(404);
    const again = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/companymember/Invite',
      payload: { phone: '13800000004' },
    });
    expect(again.statusCode).toBe(200);
  });
});
