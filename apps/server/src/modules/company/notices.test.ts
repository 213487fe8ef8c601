import { MESSAGE_CLASS } from '@huoke/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { companies } from '../../db/schema/index.js';

const {
  t,
  tokens: [admin, staff, badmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const SYSTEM = MESSAGE_CLASS.system;
const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });
const post = (token: string, url: string, payload?: object) =>
  t.call(token, { method: 'POST', url: `/api${url}`, payload: payload ?? {} });

/** The bell's unread count of system messages, as the console asks for it. */
const unread = async (token: string) => {
  const res = await post(token, '/maint/message/GetTypeList');
  expect(res.statusCode).toBe(200);
  return (res.json() as { value: number; count: number }[]).find((c) => c.value === SYSTEM)?.count ?? 0;
};
type Shown = { title: string; description: string; routeLink: string; isRead: boolean };
/** The 系统消息 tab's first page, as the console asks for it (in English when `lang` is en). */
const systemPage = async (token: string, lang?: 'en') => {
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/maint/message/GetMessagePage',
    payload: { pageIndex: 1, pageSize: 10, messageClassId: SYSTEM },
    headers: lang ? { 'accept-language': 'en' } : {},
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Shown[] }).data;
};
/** A new session of `account` signed into `companyId` (a switch ends the session it was asked with). */
const signedInto = async (account: string, companyId: number) =>
  (await get(await t.login(account), `/usr/session/SwitchToken/${companyId}`)).json().token as string;
const titled = async (token: string, title: string) => (await systemPage(token)).filter((m) => m.title === title);

describe('an invitation is a message to the invitee', () => {
  it('tells an existing account in its own company, in both languages, once', async () => {
    const before = await unread(badmin);
    const aBefore = await unread(admin);
    const invited = await post(admin, '/cus/companymember/Invite', { phone: '13800000004' });
    expect(invited.statusCode).toBe(200);

    expect(await unread(badmin)).toBe(before + 1);
    const [m] = await titled(badmin, '王管理 邀请您加入「演示科技有限公司」');
    expect(m).toMatchObject({ routeLink: '/', isRead: false });
    expect(m.description).toContain('邀请您以员工身份加入「演示科技有限公司」');
    expect(m.description).toContain('右上角用户菜单 → 切换企业');
    const [en] = await systemPage(badmin, 'en');
    expect(en.title).toBe('王管理 invited you to join “演示科技有限公司”');
    expect(en.description).toContain('as staff');
    expect(en.description).toContain('Switch company');

    // Nobody else is told: not the inviter, not the invitee's colleagues.
    expect(await unread(admin)).toBe(aBefore);
    expect(await titled(await signedInto('multi', t.ids.companyB), m.title)).toEqual([]);

    // Sent again while it waits: refused, and still one message.
    expect((await post(admin, '/cus/companymember/Invite', { phone: '13800000004' })).statusCode).toBe(409);
    expect(await unread(badmin)).toBe(before + 1);
    expect(await titled(badmin, m.title)).toHaveLength(1);

    // Withdrawn: the message says so instead of asking for an answer, in both languages.
    const id = invited.json().id as number;
    expect((await t.call(admin, { method: 'DELETE', url: `/api/cus/companymember/Invitation/${id}` })).statusCode).toBe(
      200,
    );
    const [ended] = await titled(badmin, '王管理 邀请您加入「演示科技有限公司」（已撤回）');
    expect(ended.description).toContain('企业已撤回该邀请。');
    expect(ended.description).not.toContain('切换企业');
    expect(await titled(badmin, m.title)).toEqual([]);
    const [endedEn] = await systemPage(badmin, 'en');
    expect(endedEn.title).toBe('王管理 invited you to join “演示科技有限公司” (withdrawn)');
    expect(endedEn.description).toContain('The company withdrew this invitation.');
  });

  it('someone in two companies finds it in whichever one they are signed into', async () => {
    const own = await t.login('staff1');
    const created = (
      await post(own, '/cus/customer/RegisterCompany', {
        icCompanyName: '邀请测试公司',
        regionId: 310100,
        icLinkMan: '李',
      })
    ).json();
    // A new company has one seat, its creator's; a bought package would add more.
    await t.app.db.update(companies).set({ seats: 5 }).where(eq(companies.id, created.id));
    const inC = (await get(own, `/usr/session/SwitchToken/${created.id}`)).json().token as string;
    const invited = await post(inC, '/cus/companymember/Invite', { phone: '13800000003', role: 'admin' });
    expect(invited.statusCode).toBe(200);
    const title = '李员工 邀请您加入「邀请测试公司」';
    const multi = await signedInto('multi', t.ids.companyA);
    const multiInB = await signedInto('multi', t.ids.companyB);
    for (const token of [multi, multiInB]) {
      const [m] = await titled(token, title);
      expect(m.description).toContain('以管理员身份');
    }
    // Read in one company, still unread in the other (each company keeps its own read state).
    const before = await unread(multiInB);
    await t.call(multi, { method: 'PUT', url: `/api/maint/message/ReadClass/${SYSTEM}` });
    expect(await unread(multi)).toBe(0);
    expect(await unread(multiInB)).toBe(before);
    expect(await titled(staff, title)).toEqual([]);

    // Accepted in one company: the message says so in both.
    const mine = (await get(multi, '/usr/users/GetMyInvitations')).json().data as { id: number; companyName: string }[];
    const inv = mine.find((i) => i.companyName === '邀请测试公司');
    expect((await post(multi, `/usr/users/AcceptInvitation/${inv?.id}`)).statusCode).toBe(200);
    for (const token of [multi, multiInB]) {
      expect(await titled(token, title)).toEqual([]);
      const [m] = await titled(token, `${title}（已接受）`);
      expect(m.description).toContain('您已接受该邀请。');
    }
  });
});

describe('a join request is a message to the administrators', () => {
  it('tells every administrator of that company, nobody else, once however often it is sent', async () => {
    // A second administrator in 演示科技.
    const members = (await get(admin, '/cus/companymember/GetPageList?pageSize=50')).json().data as {
      id: number;
      userId: number;
    }[];
    const multiMember = members.find((m) => m.userId === t.ids.multi)?.id;
    const promoted = await t.call(admin, {
      method: 'PUT',
      url: `/api/cus/companymember/Role/${multiMember}`,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    const multiAdmin = await signedInto('multi', t.ids.companyA);
    const counts = { admin: await unread(admin), multi: await unread(multiAdmin), staff: await unread(staff) };
    const bBefore = await unread(badmin);

    const applied = await post(badmin, '/cus/joincustomerapplier/ApplierJoinCustomer', {
      randomCode: '100001',
      name: '孙管理',
      description: '想加入 <b>销售部</b>',
    });
    expect(applied.statusCode).toBe(200);

    const title = '孙管理 申请加入「演示科技有限公司」';
    for (const token of [admin, multiAdmin]) {
      const [m] = await titled(token, title);
      expect(m).toMatchObject({ routeLink: '/manage/company-manage/info?tab=applications', isRead: false });
      expect(m.description).toContain('申请人：孙管理');
      // The reason is the applicant's words, escaped: shown, never markup.
      expect(m.description).toContain('申请理由：想加入 &lt;b&gt;销售部&lt;/b&gt;');
      expect(m.description).toContain('企业管理 → 加入申请');
    }
    expect(await unread(admin)).toBe(counts.admin + 1);
    expect(await unread(multiAdmin)).toBe(counts.multi + 1);
    const [asked] = await systemPage(admin, 'en');
    expect(asked.title).toBe('孙管理 asks to join “演示科技有限公司”');
    expect(asked.description).toContain('Company management → Join requests');

    // Staff of the company and another company's administrator (the applicant's own, 示例传媒) see nothing.
    expect(await unread(staff)).toBe(counts.staff);
    expect(await titled(staff, title)).toEqual([]);
    expect(await unread(badmin)).toBe(bBefore);
    expect(await titled(badmin, title)).toEqual([]);

    // Sent again while it waits (it updates the waiting request): no second message.
    const again = await post(badmin, '/cus/joincustomerapplier/ApplierJoinCustomer', {
      randomCode: '100001',
      name: '孙管理',
      description: '再次申请',
    });
    expect(again.json().id).toBe(applied.json().id);
    expect(await unread(admin)).toBe(counts.admin + 1);
    expect(await titled(admin, title)).toHaveLength(1);
    const [resent] = await titled(multiAdmin, title);
    // Its words are the request's as it now stands.
    expect(resent.description).toContain('申请理由：再次申请');

    // Refused by one administrator: every administrator's message says who refused it, not to go and decide.
    expect((await post(admin, `/cus/companymember/RefuseApplication/${applied.json().id}`)).statusCode).toBe(200);
    for (const token of [admin, multiAdmin]) {
      expect(await titled(token, title)).toEqual([]);
      const [m] = await titled(token, `${title}（已拒绝）`);
      expect(m.description).toContain('王管理 已拒绝该申请。');
      expect(m.description).not.toContain('中通过或拒绝');
    }
    const [en] = await systemPage(multiAdmin, 'en');
    expect(en.title).toBe('孙管理 asks to join “演示科技有限公司” (refused)');
    expect(en.description).toContain('Refused by 王管理.');
  });
});

describe('an invitation overtaken by a join request', () => {
  it('is void once the request is approved, and says so', async () => {
    const invited = await post(admin, '/cus/companymember/Invite', { phone: '13800000004' });
    expect(invited.statusCode).toBe(200);
    const applied = await post(badmin, '/cus/joincustomerapplier/ApplierJoinCustomer', {
      randomCode: '100001',
      name: '孙管理',
      description: '',
    });
    expect((await post(admin, `/cus/companymember/ApproveApplication/${applied.json().id}`)).statusCode).toBe(200);
    const [m] = await titled(badmin, '王管理 邀请您加入「演示科技有限公司」（已失效）');
    expect(m.description).toContain('该邀请已失效：您已是该企业成员。');
    expect(await titled(badmin, '王管理 邀请您加入「演示科技有限公司」')).toEqual([]);
    const [a] = await titled(admin, '孙管理 申请加入「演示科技有限公司」（已通过）');
    expect(a.description).toContain('王管理 已通过该申请。');
  });
});
