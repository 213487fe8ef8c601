import { SEATS_FULL } from '@huoke/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { smsCodes } from '../../db/schema/index.js';

const {
  t,
  tokens: [admin, staff, badmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });
const post = (token: string | null, url: string, payload?: object) =>
  t.call(token, { method: 'POST', url: `/api${url}`, payload: payload ?? {} });

describe('who may call what', () => {
  it('staff read their own cost rows but cannot see money, manage members, certify or order (403)', async () => {
    const multi = await t.login('multi');
    expect((await get(multi, '/cus/customersaccount/GetMyConsumePageList')).statusCode).toBe(200);
    expect((await get(multi, '/cus/customersaccount/GetCustomersAccount')).statusCode).toBe(403);
    expect((await get(multi, '/cus/order/GetPageList')).statusCode).toBe(403);
    expect((await post(multi, '/cus/order/Create', { productId: t.ids.productFull })).statusCode).toBe(403);
    expect((await get(multi, '/cus/customer/GetAuthDetail')).statusCode).toBe(403);
    expect((await get(multi, '/cus/customer/GetAuthState')).statusCode).toBe(200);
    expect((await get(multi, '/cus/companymember/GetApplications')).statusCode).toBe(403);
    expect((await post(multi, '/cus/companymember/ApproveApplication/1')).statusCode).toBe(403);
    expect((await get(multi, '/cus/customerauth/GetReviewList')).statusCode).toBe(403);
    expect((await post(multi, '/cus/order/MarkPaid/1')).statusCode).toBe(403);
    expect((await get(null, '/cus/customersaccount/GetCustomersAccount')).statusCode).toBe(401);
  });

  it('ids of another company answer 404: members, invitations, roles', async () => {
    const bMembers = (await get(badmin, '/cus/companymember/GetPageList')).json().data;
    const bMember = bMembers.find((m: { isMe: boolean }) => !m.isMe);
    const role = await t.call(admin, {
      method: 'PUT',
      url: `/api/cus/companymember/Role/${bMember.id}`,
      payload: { role: 'admin' },
    });
    expect(role.statusCode).toBe(404);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/cus/companymember/${bMember.id}` })).statusCode).toBe(
      404,
    );
    const inv = (await post(badmin, '/cus/companymember/Invite', { phone: '13955555555' })).json();
    expect(inv.result).toBe('invited');
    const cancel = await t.call(admin, { method: 'DELETE', url: `/api/cus/companymember/Invitation/${inv.id}` });
    expect(cancel.statusCode).toBe(404);
    expect((await get(admin, '/cus/companymember/GetInvitations')).json().data).toEqual([]);
    const own = await t.call(badmin, { method: 'DELETE', url: `/api/cus/companymember/Invitation/${inv.id}` });
    expect(own.statusCode).toBe(200);
  });
});

describe('create and join a company', () => {
  it('creates a company whose creator is its admin, with a region of any level', async () => {
    const bad = await post(admin, '/cus/customer/RegisterCompany', {
      icCompanyName: '新公司',
      regionId: 999999,
      icLinkMan: '王',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('请选择企业地区');
    const empty = await post(admin, '/cus/customer/RegisterCompany', {
      icCompanyName: '',
      regionId: 110000,
      icLinkMan: '王',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('请输入企业名称');

    const res = await post(admin, '/cus/customer/RegisterCompany', {
      icCompanyName: '王管理的新公司',
      regionId: 110000,
      icLinkMan: '王管理',
    });
    expect(res.statusCode).toBe(200);
    const list = (await get(admin, '/usr/users/GetCompanys')).json().data;
    expect(list.map((c: { customerName: string }) => c.customerName)).toContain('王管理的新公司');
  });

  it('refuses an unknown company number and a reason over 50 characters', async () => {
    const unknown = await post(staff, '/cus/joincustomerapplier/ApplierJoinCustomer', {
      randomCode: '999999',
      name: '李员工',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('企业号不存在');
    // Named, so the console puts it under 企业号.
    expect(unknown.json().field).toBe('randomCode');
    const long = await post(staff, '/cus/joincustomerapplier/ApplierJoinCustomer', {
      randomCode: '100002',
      name: '李员工',
      description: '字'.repeat(51),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('description');
    const noName = await post(staff, '/cus/joincustomerapplier/ApplierJoinCustomer', {
      randomCode: '100002',
      name: '',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toContain('请输入请输入申请人姓名');
  });

  it('an application of a member of the company is refused', async () => {
    const res = await post(staff, '/cus/joincustomerapplier/ApplierJoinCustomer', {
      randomCode: '100001',
      name: '李员工',
    });
    expect(res.statusCode).toBe(409);
  });

  it('answers the current customer info', async () => {
    const res = await get(admin, '/cus/customer/GetMyCustomer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customerName: '演示科技有限公司', productName: '获客通旗舰版', status: 1 });
    expect(res.json().reDays).toBeGreaterThan(100);
  });
});

describe('members, applications and seats', () => {
  it('staff cannot manage members (403)', async () => {
    expect((await get(staff, '/cus/companymember/GetPageList')).statusCode).toBe(403);
    expect((await get(staff, '/cus/companymember/GetBindings')).statusCode).toBe(403);
    expect((await post(staff, '/cus/companymember/Invite', { phone: '13900000001' })).statusCode).toBe(403);
  });

  it('lists members with seats, search and paging', async () => {
    const res = await get(admin, '/cus/companymember/GetPageList?pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(3);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ name: '王管理', role: 'admin', seat: 1, isMe: true });
    const found = (await get(admin, `/cus/companymember/GetPageList?name=${encodeURIComponent('李')}`)).json();
    expect(found.data.map((m: { name: string }) => m.name)).toEqual(['李员工']);
    expect(found.data[0].seat).toBe(2);
    const seats = (await get(admin, '/cus/companymember/GetSeats')).json();
    expect(seats).toEqual({ bought: 20, used: 3, free: 17 });
  });

  it("B's admin approves staff1's seeded application; A's admin cannot see or decide it (404)", async () => {
    const apps = (await get(badmin, '/cus/companymember/GetApplications?status=pending')).json();
    const mine = apps.data.find((a: { account: string }) => a.account === 'staff1');
    expect(mine).toBeTruthy();
    const foreign = await post(admin, `/cus/companymember/ApproveApplication/${mine.id}`);
    expect(foreign.statusCode).toBe(404);
    const aList = (await get(admin, '/cus/companymember/GetApplications')).json();
    expect(aList.data.find((a: { id: number }) => a.id === mine.id)).toBeUndefined();
    // An invitation to the same person, waiting beside the application, ends when they join: left waiting, it let
    // them come back by accepting it after a removal, without anyone's yes.
    const invitation = (await post(badmin, '/cus/companymember/Invite', { phone: '13800000002' })).json();
    expect((await get(staff, '/usr/users/GetMyInvitations')).json().data.map((i: { id: number }) => i.id)).toContain(
      invitation.id,
    );
    const ok = await post(badmin, `/cus/companymember/ApproveApplication/${mine.id}`);
    expect(ok.statusCode).toBe(200);
    expect((await get(staff, '/usr/users/GetMyInvitations')).json().data).toEqual([]);
    expect((await get(badmin, '/cus/companymember/GetInvitations')).json().data).toEqual([]);
    expect((await post(staff, `/usr/users/AcceptInvitation/${invitation.id}`)).statusCode).toBe(404);
    const again = await post(badmin, `/cus/companymember/ApproveApplication/${mine.id}`);
    expect(again.statusCode).toBe(409);
    const companies = (await get(staff, '/usr/users/GetCompanys')).json().data;
    expect(companies.map((c: { customerName: string }) => c.customerName)).toContain('示例传媒有限公司');
  });

  it('refuses a member beyond the seats bought', async () => {
    // A new company has one seat, taken by its creator.
    const own = await t.login('staff1');
    const created = (
      await post(own, '/cus/customer/RegisterCompany', { icCompanyName: '一人公司', regionId: 310100, icLinkMan: '李' })
    ).json();
    const switched = (await get(own, `/usr/session/SwitchToken/${created.id}`)).json().token as string;
    const fresh = (await get(switched, '/cus/customer/GetMyCustomer')).json();
    expect(fresh).toMatchObject({ productName: '', productId: null, status: -1 });
    const number = fresh.companyNumber;
    const applied = await post(admin, '/cus/joincustomerapplier/ApplierJoinCustomer', {
      randomCode: number,
      name: '王管理',
      description: '',
    });
    expect(applied.statusCode).toBe(200);
    const full = await post(switched, `/cus/companymember/ApproveApplication/${applied.json().id}`);
    expect(full.statusCode).toBe(400);
    expect(full.json().detail).toBe(SEATS_FULL);
    const invited = await post(switched, '/cus/companymember/Invite', { phone: '13800000003' });
    expect(invited.statusCode).toBe(400);
    expect(invited.json().detail).toBe(SEATS_FULL);
    expect((await get(switched, '/cus/companymember/GetSeats')).json()).toEqual({ bought: 1, used: 1, free: 0 });
    // The applicant sees their application waiting, then refused; nobody else sees it.
    const mine = async (token: string) =>
      (await get(token, '/usr/users/GetMyApplications')).json().data as { id: number; status: string }[];
    expect((await mine(admin)).find((a) => a.id === applied.json().id)).toMatchObject({
      companyName: '一人公司',
      status: 'pending',
      decideTime: null,
    });
    expect((await mine(staff)).map((a) => a.id)).not.toContain(applied.json().id);
    const refused = await post(switched, `/cus/companymember/RefuseApplication/${applied.json().id}`);
    expect(refused.statusCode).toBe(200);
    expect((await mine(admin)).find((a) => a.id === applied.json().id)).toMatchObject({
      status: 'refused',
      decideTime: expect.any(String),
    });
  });

  it('invites by phone: an existing user accepts or declines in 切换企业, an unknown phone waits for registration', async () => {
    const bad = await post(admin, '/cus/companymember/Invite', { phone: '1380000' });
    expect(bad.statusCode).toBe(400);
    const existing = await post(admin, '/cus/companymember/Invite', { phone: '13800000004' });
    expect(existing.json()).toEqual({ result: 'invited', id: expect.any(Number) });
    const dup = await post(admin, '/cus/companymember/Invite', { phone: '13800000004' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('已邀请该手机号，等待对方确认');
    // Not a member until they say yes: the member list does not show them.
    const listed = (await get(admin, '/cus/companymember/GetPageList?pageSize=50')).json().data;
    expect(listed.map((m: { name: string }) => m.name)).not.toContain('孙管理');
    // Someone else cannot see or answer the invitation; the invitee sees it with the company's and inviter's names.
    expect((await get(staff, '/usr/users/GetMyInvitations')).json().data).toEqual([]);
    expect((await post(staff, `/usr/users/AcceptInvitation/${existing.json().id}`)).statusCode).toBe(404);
    const mine = (await get(badmin, '/usr/users/GetMyInvitations')).json().data;
    expect(mine).toEqual([
      expect.objectContaining({
        id: existing.json().id,
        companyName: '演示科技有限公司',
        inviterName: '王管理',
        role: 'staff',
      }),
    ]);
    const accepted = await post(badmin, `/usr/users/AcceptInvitation/${existing.json().id}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ id: t.ids.companyA });
    expect((await post(badmin, `/usr/users/AcceptInvitation/${existing.json().id}`)).statusCode).toBe(404);
    const theirs = (await get(badmin, '/usr/users/GetCompanys')).json().data;
    expect(theirs.map((c: { customerName: string }) => c.customerName)).toContain('演示科技有限公司');
    const invited = await post(admin, '/cus/companymember/Invite', { phone: '13912345678' });
    // The same answer for a phone without an account: the administrator does not learn which numbers are registered.
    expect(invited.json()).toEqual({ result: 'invited', id: expect.any(Number) });
    const twice = await post(admin, '/cus/companymember/Invite', { phone: '13912345678' });
    expect(twice.json().detail).toBe('已邀请该手机号，等待对方确认');
    const pending = (await get(admin, '/cus/companymember/GetInvitations')).json().data;
    expect(pending.map((i: { phone: string }) => i.phone)).toContain('13912345678');

    // The invitee registers with an SMS code (sent by the session area), and joins only by accepting.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/maint/common/SendCodeMsg',
      remoteAddress: '10.77.0.1',
      payload: { guid: 'g', phoneNo: '13912345678', purpose: 'register' },
    });
    expect(sent.statusCode).toBe(200);
    const msg = [...t.app.sms.sent].reverse().find((m) => m.phone === '13912345678');
    const code = /(\d{6})/.exec(msg?.text ?? '')?.[1] as string;
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await post(null, '/cus/customer/CustomerRegister', {
      account: 'newbie',
      password: 'abc_123',
      phone: '13912345678',
      code: wrongCode,
      name: '新人',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('验证码错误');
    const reg = await post(null, '/cus/customer/CustomerRegister', {
      account: 'newbie',
      password: 'abc_123',
      phone: '13912345678',
      code,
      name: '新人',
    });
    expect(reg.statusCode).toBe(200);
    const newbie = reg.json().token as string;
    expect((await get(newbie, '/usr/users/GetCompanys')).json().data).toEqual([]);
    const waiting = (await get(newbie, '/usr/users/GetMyInvitations')).json().data;
    expect(waiting).toEqual([expect.objectContaining({ id: invited.json().id, companyName: '演示科技有限公司' })]);
    expect((await post(newbie, `/usr/users/AcceptInvitation/${invited.json().id}`)).statusCode).toBe(200);
    const me = (await get(newbie, '/usr/users/GetCompanys')).json().data;
    expect(me.map((c: { customerName: string }) => c.customerName)).toEqual(['演示科技有限公司']);
    // Without the number's right code nobody learns that an account name is taken: the wrong code's answer.
    const blind = await post(null, '/cus/customer/CustomerRegister', {
      account: 'newbie',
      password: 'abc_123',
      phone: '13912345670',
      code: '123456',
      name: '新人',
    });
    expect(blind.statusCode).toBe(400);
    expect(blind.json()).toMatchObject({ detail: '验证码错误', field: 'code' });
    // With it, the name is refused and the code stays live: the form goes again with another name, no new SMS.
    await t.app.inject({
      method: 'POST',
      url: '/api/maint/common/SendCodeMsg',
      remoteAddress: '10.77.0.3',
      payload: { guid: 'g3', phoneNo: '13912345670', purpose: 'register' },
    });
    const third = [...t.app.sms.sent].reverse().find((m) => m.phone === '13912345670');
    const thirdCode = /(\d{6})/.exec(third?.text ?? '')?.[1] as string;
    const taken = await post(null, '/cus/customer/CustomerRegister', {
      account: 'NEWBIE',
      password: 'abc_123',
      phone: '13912345670',
      code: thirdCode,
      name: '新人',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: '账号已存在', field: 'account' });
    const renamed = await post(null, '/cus/customer/CustomerRegister', {
      account: 'newbie3',
      password: 'abc_123',
      phone: '13912345670',
      code: thirdCode,
      name: '新人',
    });
    expect(renamed.statusCode).toBe(200);
    // A registered number with its own valid code: refused, naming the field the form sent it in (the console's
    // form says mobile, the SPEC's body may say phone).
    await t.app.inject({
      method: 'POST',
      url: '/api/maint/common/SendCodeMsg',
      remoteAddress: '10.77.0.2',
      payload: { guid: 'g2', phoneNo: '13800000003', purpose: 'register' },
    });
    const again = [...t.app.sms.sent].reverse().find((m) => m.phone === '13800000003');
    const secondCode = /(\d{6})/.exec(again?.text ?? '')?.[1] as string;
    const phoneTaken = await post(null, '/cus/customer/CustomerRegister', {
      account: 'newbie2',
      password: 'abc_123',
      mobile: '13800000003',
      code: secondCode,
      name: '新人',
    });
    expect(phoneTaken.statusCode).toBe(409);
    expect(phoneTaken.json()).toMatchObject({ detail: '手机号已注册', field: 'mobile' });
    const used = await t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, '13912345678'));
    expect(used[0].usedAt).not.toBeNull();
    // Without the phone's code nobody learns that a phone is registered: the answer is the wrong code's.
    const probe = await post(null, '/cus/customer/CustomerRegister', {
      account: 'prober',
      password: 'abc_123',
      phone: '13800000002',
      code: '123456',
      name: '探测',
    });
    expect(probe.statusCode).toBe(400);
    expect(probe.json().detail).toBe('验证码错误');
  });

  it('changes a role; a removed member is answered 410 at their next call', async () => {
    const login = await t.login('staff1');
    const staff2 = (await get(login, `/usr/session/SwitchToken/${t.ids.companyA}`)).json().token as string;
    const list = (await get(admin, `/cus/companymember/GetPageList?name=${encodeURIComponent('李员工')}`)).json();
    const id = list.data[0].id as number;
    const self = (await get(admin, '/cus/companymember/GetPageList'))
      .json()
      .data.find((m: { isMe: boolean }) => m.isMe);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/cus/companymember/Role/${self.id}`,
          payload: { role: 'staff' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/cus/companymember/${self.id}` })).statusCode).toBe(400);

    const promote = await t.call(admin, {
      method: 'PUT',
      url: `/api/cus/companymember/Role/${id}`,
      payload: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(200);
    expect((await get(staff2, '/cus/companymember/GetSeats')).statusCode).toBe(200);
    await t.call(admin, { method: 'PUT', url: `/api/cus/companymember/Role/${id}`, payload: { role: 'staff' } });
    expect((await get(staff2, '/cus/companymember/GetSeats')).statusCode).toBe(403);

    // B's admin cannot touch A's member.
    expect((await t.call(badmin, { method: 'DELETE', url: `/api/cus/companymember/${id}` })).statusCode).toBe(404);
    const removed = await t.call(admin, { method: 'DELETE', url: `/api/cus/companymember/${id}` });
    expect(removed.statusCode).toBe(200);
    const after = await get(staff2, '/usr/session');
    expect(after.statusCode).toBe(410);
    const tree = (await get(admin, '/crm/userinfo/GetDeptUserTreeListAsync?status=0')).json().data;
    expect(tree[0].children.map((u: { label: string }) => u.label)).toContain('李员工');
    const active = (await get(admin, `/crm/userinfo/GetDeptUserTreeListAsync?name=${encodeURIComponent('王')}`)).json();
    expect(active.data[0].children.map((u: { label: string }) => u.label)).toEqual(['王管理']);
    expect(active.data[0].children[0].phone).toBe('13800000001');
    // A colleague's picker: names without phone numbers, and nobody removed.
    const multi = await t.login('multi');
    const picker = (await get(multi, '/crm/userinfo/GetDeptUserTreeListAsync')).json().data[0].children;
    expect(picker.map((u: { label: string }) => u.label)).toContain('王管理');
    expect(picker.every((u: { phone: string }) => u.phone === '')).toBe(true);
    expect((await get(multi, '/crm/userinfo/GetDeptUserTreeListAsync?status=0')).json().data[0].children).toEqual([]);
  });
});

describe('third-party bindings', () => {
  it('stores secrets encrypted and never answers them', async () => {
    const save = await t.call(admin, {
      method: 'PUT',
      url: '/api/cus/companymember/SaveBinding',
      payload: { kind: 'wechatOfficial', appId: 'wx1234567890', secret: 'very-secret-value-42' },
    });
    expect(save.statusCode).toBe(200);
    const res = await get(admin, '/cus/companymember/GetBindings');
    expect(res.body).not.toContain('very-secret-value-42');
    const b = res.json().data.find((x: { kind: string }) => x.kind === 'wechatOfficial');
    expect(b).toMatchObject({ appId: 'wx1234567890', hasSecret: true });
    expect(b).not.toHaveProperty('secret');
    // Saving without a secret keeps the stored one.
    await t.call(admin, {
      method: 'PUT',
      url: '/api/cus/companymember/SaveBinding',
      payload: { kind: 'wechatOfficial', appId: 'wx999' },
    });
    const again = (await get(admin, '/cus/companymember/GetBindings')).json().data[0];
    expect(again).toMatchObject({ appId: 'wx999', hasSecret: true });
    const stored = JSON.stringify(await t.app.db.execute(sql`select * from company_bindings`));
    expect(stored).not.toContain('very-secret-value-42');
    // Another company sees nothing of it.
    const other = (await get(badmin, '/cus/companymember/GetBindings')).json().data[0];
    expect(other).toMatchObject({ appId: '', hasSecret: false });
  });
  it('refuses a WeChat binding without its AppID or, when none is stored, its AppSecret; an SMS one without its signature (400 with field)', async () => {
    const save = (payload: object) =>
      t.call(badmin, { method: 'PUT', url: '/api/cus/companymember/SaveBinding', payload });
    const empty = await save({ kind: 'wechatMini', appId: '', secret: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ detail: '请输入AppID', field: 'appId' });
    const noSecret = await save({ kind: 'wechatMini', appId: 'wx42' });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toMatchObject({ detail: '请输入AppSecret', field: 'secret' });
    const sms = await save({ kind: 'sms', signature: ' ' });
    expect(sms.statusCode).toBe(400);
    expect(sms.json()).toMatchObject({ detail: '请输入短信签名', field: 'signature' });
    const mini = (await get(badmin, '/cus/companymember/GetBindings')).json().data[1];
    expect(mini).toMatchObject({ kind: 'wechatMini', appId: '', hasSecret: false, updateTime: null });
  });
});

describe('dictionaries', () => {
  it('answers the region cascader at levels 1-3 (default 2)', async () => {
    const l2 = (await get(admin, '/maint/region/DropDownList')).json().data;
    expect(l2.length).toBeGreaterThanOrEqual(34);
    const bj = l2.find((p: { label: string }) => p.label === '北京市');
    expect(bj.value).toBe(110000);
    expect(bj.children[0].children).toBeUndefined();
    const l1 = (await get(admin, '/maint/region/DropDownList?level=1')).json().data;
    expect(l1[0].children).toBeUndefined();
    const l3 = (await get(admin, '/maint/region/DropDownList?level=3')).json().data;
    expect(l3.find((p: { label: string }) => p.label === '北京市').children[0].children.length).toBeGreaterThan(5);
    expect((await get(admin, '/maint/region/DropDownList?level=9')).statusCode).toBe(400);
  });

  it('answers the project dictionaries by itemCode', async () => {
    const res = (await get(admin, '/cus/ItemsDetail/GetList?itemCode=industry')).json();
    expect(res.data.length).toBeGreaterThan(3);
    expect((await get(admin, '/cus/ItemsDetail/GetList?itemCode=unknown')).statusCode).toBe(400);
    expect((await get(null, '/cus/ItemsDetail/GetList?itemCode=industry')).statusCode).toBe(401);
  });
});
