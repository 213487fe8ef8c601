import type { AuditItem } from '@huoke/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { refuseStaff1Application } from '../../../test/seeded-application.js';
import { smsLogin } from '../../../test/sms-login.js';
import { auditLog, companies, orders, users } from '../../db/schema/index.js';

/** Every administrator and operator action is appended to the company's audit log (DESIGN §8). */
const {
  t,
  tokens: [admin, badmin, operator],
} = await appForFile(['admin', 'badmin', 'operator']);

const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });
const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.call(token, { method, url: `/api${url}`, ...(method === 'DELETE' ? {} : { payload: payload ?? {} }) });
const ok = async (p: ReturnType<typeof send>) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The newest row of an action in the company log read through the API as that company's administrator. */
async function latest(token: string, action: string): Promise<AuditItem> {
  const res = await get(token, `/cus/audit/GetPageList?action=${action}`);
  expect(res.statusCode).toBe(200);
  const row = res.json().data[0] as AuditItem | undefined;
  if (!row) throw new Error(`no ${action} row`);
  return row;
}

const NAME = { admin: '王管理', badmin: '孙管理', operator: '平台运营' };

describe('the audit log', () => {
  it('records a password reset with who, when, where, company and target, never the password', async () => {
    // staff1's seeded application to B would refuse the reset (lib/people.ts); staff1 applies again below.
    await refuseStaff1Application(t);
    const before = Date.now();
    await ok(send(admin, 'POST', `/usr/session/UpdatePassWordAdmin/${t.ids.staff1}`, { password: 'Secret_New_77' }));
    const row = await latest(admin, 'password.reset');
    expect(row).toMatchObject({
      customerId: t.ids.companyA,
      customerName: '演示科技有限公司',
      actorId: t.ids.admin,
      actorName: NAME.admin,
      actorRole: 'admin',
      ip: '127.0.0.1',
      action: 'password.reset',
      actionName: '重置成员密码',
      targetKind: 'user',
      targetId: String(t.ids.staff1),
      targetName: '李员工',
    });
    expect(new Date(row.createTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Neither the API nor the table holds the new password.
    const all = await t.app.db.select().from(auditLog);
    expect(JSON.stringify(all)).not.toContain('Secret_New_77');
    expect((await get(admin, '/cus/audit/GetPageList?pageSize=100')).body).not.toContain('Secret_New_77');
  });

  it('records a phone change (old and new number)', async () => {
    // staff1 signs in by SMS code: a session of the password the administrator set above may not change the phone
    // (lib/admin-password.ts).
    const staff = await smsLogin(t, '13800000002');
    await t.app.inject({
      method: 'POST',
      url: '/api/maint/common/SendCodeMsg',
      payload: { phoneNo: '13955556666', purpose: 'phone' },
    });
    const msg = [...t.app.sms.sent].reverse().find((m) => m.phone === '13955556666');
    const code = /(\d{6})/.exec(msg?.text ?? '')?.[1] as string;
    expect(
      (
        await ok(
          send(staff, 'POST', '/usr/session/UpdatePhoneByCode', {
            mobile: '13955556666',
            code,
            password: 'Secret_New_77',
          }),
        )
      ).result,
    ).toBe(1);
    const row = await latest(admin, 'phone.change');
    expect(row).toMatchObject({ actorId: t.ids.staff1, targetId: String(t.ids.staff1), customerId: t.ids.companyA });
    expect(row.changes).toEqual({ from: '13800000002', to: '13955556666', syncCardInfo: false });
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('records an invitation, its acceptance, role change, removal, and a cancelled invitation', async () => {
    const sent = await ok(send(admin, 'POST', '/cus/companymember/Invite', { phone: '13800000004', role: 'staff' }));
    expect(await latest(admin, 'member.invite')).toMatchObject({
      targetName: '13800000004',
      changes: { phone: '13800000004', role: 'staff' },
    });
    await ok(send(badmin, 'POST', `/usr/users/AcceptInvitation/${sent.id}`));
    expect(await latest(admin, 'invitation.accept')).toMatchObject({
      customerId: t.ids.companyA,
      actorName: NAME.badmin,
      targetId: String(sent.id),
    });
    const members = (await get(admin, '/cus/companymember/GetPageList?pageSize=50')).json().data;
    const added = members.find((m: { name: string }) => m.name === NAME.badmin);
    await ok(send(admin, 'PUT', `/cus/companymember/Role/${added.id}`, { role: 'admin' }));
    expect(await latest(admin, 'member.role')).toMatchObject({
      targetName: NAME.badmin,
      changes: { role: { from: 'staff', to: 'admin' } },
    });
    await ok(send(admin, 'DELETE', `/cus/companymember/${added.id}`));
    expect(await latest(admin, 'member.remove')).toMatchObject({ targetName: NAME.badmin, changes: { role: 'admin' } });

    const invited = await ok(send(admin, 'POST', '/cus/companymember/Invite', { phone: '13977778888' }));
    expect(invited.result).toBe('invited');
    expect(await latest(admin, 'member.invite')).toMatchObject({ targetName: '13977778888', targetKind: 'invitation' });
    await ok(send(admin, 'DELETE', `/cus/companymember/Invitation/${invited.id}`));
    expect(await latest(admin, 'invitation.cancel')).toMatchObject({ targetId: String(invited.id) });
  });

  it('records approving and refusing join applications in the deciding company', async () => {
    const [b] = await t.app.db
      .select({ number: companies.number })
      .from(companies)
      .where(eq(companies.id, t.ids.companyB));
    // staff1's seeded application was refused before the password reset above: staff1 applies again, signed in by
    // SMS code at the phone changed above (a login with the password the administrator set may not apply elsewhere).
    const staff = await smsLogin(t, '13955556666');
    await ok(
      send(staff, 'POST', '/cus/joincustomerapplier/ApplierJoinCustomer', { randomCode: b.number, name: '李员工' }),
    );
    await ok(
      send(admin, 'POST', '/cus/joincustomerapplier/ApplierJoinCustomer', {
        randomCode: b.number,
        name: '王管理',
        description: '想加入',
      }),
    );
    const apps = (await get(badmin, '/cus/companymember/GetApplications?status=pending')).json().data;
    const fromStaff = apps.find((a: { userId: number }) => a.userId === t.ids.staff1);
    const fromAdmin = apps.find((a: { userId: number }) => a.userId === t.ids.admin);
    await ok(send(badmin, 'POST', `/cus/companymember/ApproveApplication/${fromStaff.id}`));
    await ok(send(badmin, 'POST', `/cus/companymember/RefuseApplication/${fromAdmin.id}`));
    expect(await latest(badmin, 'application.approve')).toMatchObject({
      customerId: t.ids.companyB,
      actorName: NAME.badmin,
      targetId: String(t.ids.staff1),
    });
    expect(await latest(badmin, 'application.refuse')).toMatchObject({ targetId: String(t.ids.admin) });
  });

  it('records certification submit (admin), reject and approve (operator) in the certified company', async () => {
    const body = {
      companyName: '演示科技有限公司',
      creditCode: '91110000600037341l',
      legalPerson: '王管理',
      licenceUrl: '/api/fs/raw/licence.png',
    };
    const sub = await ok(send(admin, 'POST', '/cus/customer/SubmitAuth', body));
    expect(await latest(admin, 'certification.submit')).toMatchObject({
      targetId: String(sub.id),
      changes: { companyName: '演示科技有限公司', legalPerson: '王管理' },
    });
    await ok(send(operator, 'POST', `/cus/customerauth/Reject/${sub.id}`, { reason: '营业执照不清晰' }));
    const rejected = await latest(admin, 'certification.reject');
    expect(rejected).toMatchObject({
      customerId: t.ids.companyA,
      actorId: t.ids.operator,
      actorName: NAME.operator,
      actorRole: 'operator',
      changes: { status: { from: 'pending', to: 'rejected' }, reason: '营业执照不清晰' },
    });
    const again = await ok(send(admin, 'POST', '/cus/customer/SubmitAuth', body));
    await ok(send(operator, 'POST', `/cus/customerauth/Approve/${again.id}`));
    expect(await latest(admin, 'certification.approve')).toMatchObject({
      actorRole: 'operator',
      targetId: String(again.id),
    });
  });

  it('records order create and cancel (admin), pay and refund (operator)', async () => {
    const products = (await get(admin, '/cus/product/GetList')).json().data;
    // The company's own package (another is refused while it runs: one package at a time).
    const flagship = products.find((p: { name: string }) => p.name === '获客通旗舰版');
    const first = await ok(send(admin, 'POST', '/cus/order/Create', { productId: flagship.id }));
    const [o] = await t.app.db.select({ number: orders.number }).from(orders).where(eq(orders.id, first.id));
    expect(await latest(admin, 'order.create')).toMatchObject({
      targetId: String(first.id),
      targetName: o.number,
      changes: { product: '获客通旗舰版', amount: flagship.price, state: 'unpaid' },
    });
    await ok(send(admin, 'POST', `/cus/order/Cancel/${first.id}`));
    expect(await latest(admin, 'order.cancel')).toMatchObject({
      changes: { state: { from: 'unpaid', to: 'cancelled' } },
    });

    const second = await ok(send(admin, 'POST', '/cus/order/Create', { productId: flagship.id }));
    await ok(send(operator, 'POST', `/cus/order/MarkPaid/${second.id}`));
    const paid = await latest(admin, 'order.pay');
    expect(paid).toMatchObject({ actorRole: 'operator', targetId: String(second.id), customerId: t.ids.companyA });
    expect(paid.changes).toMatchObject({ state: { from: 'unpaid', to: 'paid' }, amount: flagship.price });
    await ok(send(operator, 'POST', `/cus/order/Refund/${second.id}`));
    expect(await latest(admin, 'order.refund')).toMatchObject({ changes: { amount: -flagship.price } });
  });

  it('records a third-party binding without its secret, and the data view link when it is created', async () => {
    await ok(
      send(admin, 'PUT', '/cus/companymember/SaveBinding', {
        kind: 'wechatOfficial',
        appId: 'wx-123',
        secret: 'TopSecretValue-42',
        signature: '',
      }),
    );
    const row = await latest(admin, 'binding.save');
    expect(row).toMatchObject({
      targetId: 'wechatOfficial',
      changes: { appId: { from: null, to: 'wx-123' }, newKeyStored: true },
    });
    expect(JSON.stringify(await t.app.db.select().from(auditLog))).not.toContain('TopSecretValue-42');

    await ok(send(admin, 'GET' as never, '/crm/controlpanal/GetPublicCode'));
    await ok(send(admin, 'GET' as never, '/crm/controlpanal/GetPublicCode'));
    const links = (await get(admin, '/cus/audit/GetPageList?action=dataview.create')).json();
    expect(links.totalCount).toBe(1);
    expect(links.data[0]).toMatchObject({ actorId: t.ids.admin, customerId: t.ids.companyA });
  });

  it('is for administrators: staff get 403; filters by person and action; 10 a page', async () => {
    const staff = await t.login('multi');
    expect((await get(staff, '/cus/audit/GetPageList')).statusCode).toBe(403);
    expect((await get(staff, '/cus/audit/GetActors')).statusCode).toBe(403);
    expect((await get(staff, '/cus/audit/OperatorPageList')).statusCode).toBe(403);
    expect((await get(null, '/cus/audit/GetPageList')).statusCode).toBe(401);

    const page = (await get(admin, '/cus/audit/GetPageList')).json();
    expect(page.data).toHaveLength(10);
    expect(page.totalCount).toBeGreaterThan(10);
    const ids = page.data.map((r: AuditItem) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const byOperator = (await get(admin, `/cus/audit/GetPageList?actorId=${t.ids.operator}&pageSize=100`)).json();
    expect(byOperator.totalCount).toBe(4);
    expect(byOperator.data.every((r: AuditItem) => r.actorId === t.ids.operator)).toBe(true);
    const actors = (await get(admin, '/cus/audit/GetActors')).json().data;
    // badmin acts in A's log by accepting A's invitation.
    const [b] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.account, 'badmin'));
    expect(actors.map((a: { id: number }) => a.id).sort()).toEqual(
      [t.ids.admin, t.ids.staff1, t.ids.operator, b.id].sort(),
    );
    expect((await get(admin, '/cus/audit/GetPageList?action=nope')).statusCode).toBe(400);
  });

  it("never shows another company's rows, whatever the filter", async () => {
    const mine = (await get(badmin, '/cus/audit/GetPageList?pageSize=100')).json();
    // B's decisions: the refusal of staff1's seeded application (before the reset), the approval and the refusal.
    expect(mine.totalCount).toBe(3);
    expect(mine.data.every((r: AuditItem) => r.customerId === t.ids.companyB)).toBe(true);
    // A's administrator as a filter, A's actions: nothing of A reaches B.
    expect((await get(badmin, `/cus/audit/GetPageList?actorId=${t.ids.admin}`)).json().totalCount).toBe(0);
    expect((await get(badmin, '/cus/audit/GetPageList?action=password.reset')).json().totalCount).toBe(0);
    expect((await get(badmin, `/cus/audit/GetPageList?customerId=${t.ids.companyA}`)).json().totalCount).toBe(3);
    expect((await get(badmin, '/cus/audit/GetActors')).json().data).toEqual([
      { id: expect.any(Number), name: NAME.badmin, role: 'admin' },
    ]);
  });

  it('writes no binding row for a save that changed nothing', async () => {
    const body = { kind: 'wechatMini', appId: 'wx-mini', secret: 'MiniSecret-1', signature: '' };
    await ok(send(badmin, 'PUT', '/cus/companymember/SaveBinding', body));
    const count = async () =>
      (await get(badmin, '/cus/audit/GetPageList?action=binding.save')).json().totalCount as number;
    expect(await count()).toBe(1);
    await ok(send(badmin, 'PUT', '/cus/companymember/SaveBinding', { ...body, secret: '' }));
    expect(await count()).toBe(1);
    await ok(send(badmin, 'PUT', '/cus/companymember/SaveBinding', { ...body, secret: 'MiniSecret-2' }));
    expect(await count()).toBe(2);
    expect((await latest(badmin, 'binding.save')).changes).toEqual({ newKeyStored: true });
  });

  it('records a change of the lead score settings, only what changed; a reset too', async () => {
    const url = '/cus/leads/ScoreSettings';
    await ok(send(badmin, 'POST', url, { halfLifeDays: 14, points: { open_card: 8 } }));
    const row = await latest(badmin, 'leadSettings.save');
    expect(row).toMatchObject({ targetKind: 'leadSettings', actorName: NAME.badmin });
    expect(row.changes).toEqual({ halfLifeDays: { from: 7, to: 14 }, open_card: { from: 5, to: 8 } });
    await ok(send(badmin, 'POST', url, { halfLifeDays: 14, points: { open_card: 8 } }));
    expect((await get(badmin, '/cus/audit/GetPageList?action=leadSettings.save')).json().totalCount).toBe(1);
    await ok(send(badmin, 'POST', `${url}/Reset`));
    expect((await latest(badmin, 'leadSettings.reset')).changes).toEqual({
      halfLifeDays: { from: 14, to: 7 },
      open_card: { from: 8, to: 5 },
    });
  });

  it('shows operators their actions over every company', async () => {
    const res = (await get(operator, '/cus/audit/OperatorPageList?pageSize=100')).json();
    expect(res.totalCount).toBe(4);
    expect(res.data.map((r: AuditItem) => r.action).sort()).toEqual(
      ['certification.approve', 'certification.reject', 'order.pay', 'order.refund'].sort(),
    );
    expect(res.data.every((r: AuditItem) => r.actorRole === 'operator' && r.customerName === '演示科技有限公司')).toBe(
      true,
    );
    expect((await get(operator, `/cus/audit/OperatorPageList?customerId=${t.ids.companyB}`)).json().totalCount).toBe(0);
  });

  it('is append-only: the API has no call to change a row and the database refuses UPDATE and DELETE', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.call(admin, { method, url: '/api/cus/audit/GetPageList' });
      expect([404, 405]).toContain(res.statusCode);
    }
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    expect(await refusal(t.app.db.execute(sql`update audit_log set actor_name = 'x'`))).toMatch(/append-only/);
    expect(await refusal(t.app.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect((await t.app.db.select().from(auditLog)).length).toBeGreaterThan(10);
  });
});
