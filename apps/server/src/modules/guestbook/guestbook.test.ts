import { EVENT_KIND, GUESTBOOK_REPLY_SMS_PER_PHONE } from '@huoke/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { AUTH_STATE_APPROVED, companies } from '../../db/schema/index.js';

const {
  t,
  tokens: [admin, staff, multi, bAdmin],
} = await appForFile(['admin', 'staff1', 'multi', 'badmin']);

beforeAll(async () => {
  for (const [i, sharerId] of [t.ids.staff1, t.ids.staff1, t.ids.multi].entries())
    await t.app.ports.radar.leaveMessage({
      share: {
        code: `g${i}`,
        companyId: t.ids.companyA,
        sharerId,
        kind: EVENT_KIND.microSite,
        contentId: 1,
        title: '',
        active: true,
      },
      visitorKey: `gv${i}`,
      name: `留言人${i}`,
      phone: '13900000000',
      message: `想了解价格 ${i}`,
      ip: '',
      userAgent: '',
    });
});

/** Only the messages this test left (the demo seed has its own). */
const list = async (token: string, q = '') => {
  const res = await t.call(token, {
    method: 'GET',
    url: `/api/cus/guestbook/page?pageIndex=1&pageSize=10&keyword=${encodeURIComponent('留言人')}${q}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: number; name: string; handled: boolean; reply: string }[]; totalCount: number };
};

describe('guestbook', () => {
  it('lists messages left on share pages: admins all, staff their own, other companies none', async () => {
    expect((await list(admin)).totalCount).toBeGreaterThanOrEqual(3);
    const s = await list(staff);
    expect(s.data.map((d) => d.name).sort()).toEqual(['留言人0', '留言人1']);
    expect((await list(multi)).data.map((d) => d.name)).toEqual(['留言人2']);
    expect((await list(bAdmin)).totalCount).toBe(0);
  });

  it('replies, marks handled, filters, deletes; foreign ids 404; bad input 400', async () => {
    const [m] = (await list(staff)).data;
    const res = await t.call(staff, {
      method: 'PUT',
      url: `/api/cus/guestbook/${m.id}`,
      payload: { reply: '已电话联系' },
    });
    expect(res.statusCode).toBe(200);
    const handled = await list(staff, '&handled=true');
    expect(handled.data).toEqual([expect.objectContaining({ id: m.id, handled: true, reply: '已电话联系' })]);
    expect((await list(staff, '&handled=false')).totalCount).toBe(1);
    expect(
      (await t.call(bAdmin, { method: 'PUT', url: `/api/cus/guestbook/${m.id}`, payload: { handled: true } }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(multi, { method: 'DELETE', url: `/api/cus/guestbook/${m.id}` })).statusCode).toBe(404);
    expect((await t.call(staff, { method: 'PUT', url: `/api/cus/guestbook/${m.id}`, payload: {} })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call(staff, { method: 'PUT', url: '/api/cus/guestbook/x', payload: { handled: true } })).statusCode,
    ).toBe(400);
    expect((await t.call(staff, { method: 'GET', url: '/api/cus/guestbook/page?handled=maybe' })).statusCode).toBe(400);
    expect((await t.call(staff, { method: 'DELETE', url: `/api/cus/guestbook/${m.id}` })).statusCode).toBe(200);
    expect((await list(staff)).totalCount).toBe(1);
    expect((await t.call(staff, { method: 'DELETE', url: `/api/cus/guestbook/${m.id}` })).statusCode).toBe(404);
  });

  it('texts nobody for a company whose name no operator certified: the reply is stored, the answer says why', async () => {
    await t.app.ports.radar.leaveMessage({
      share: {
        code: 'uncert',
        companyId: t.ids.companyA,
        sharerId: t.ids.staff1,
        kind: EVENT_KIND.article,
        contentId: 1,
        title: '',
        active: true,
      },
      visitorKey: 'v-uncert',
      name: '未认证访客',
      phone: '13955550099',
      message: '请回电',
      ip: '',
      userAgent: '',
    });
    const entry = (
      await t.call(staff, {
        method: 'GET',
        url: `/api/cus/guestbook/page?pageIndex=1&pageSize=10&keyword=${encodeURIComponent('未认证访客')}`,
      })
    ).json().data[0] as { id: number };
    const sent = t.app.sms.sent.length;
    // The demo company is not certified (seed): a text signed 【演示科技有限公司】 would carry an unchecked name.
    const res = await t.call(staff, {
      method: 'PUT',
      url: `/api/cus/guestbook/${entry.id}`,
      payload: { reply: '请访问 http://evil.example/verify 核实身份' },
    });
    expect(res.json()).toEqual({ ok: true, smsSent: false, smsLimited: false, smsUncertified: true });
    expect(t.app.sms.sent.length).toBe(sent);
    // Both demo companies certified by an operator: their replies are texted from then on (the tests below).
    await t.app.db.update(companies).set({ authState: AUTH_STATE_APPROVED });
  });

  it('sends the reply by SMS to a visitor who left a phone, charged as the company SMS; without a phone just replies', async () => {
    const share = {
      code: 'gsms',
      companyId: t.ids.companyA,
      sharerId: t.ids.staff1,
      kind: EVENT_KIND.article,
      contentId: 1,
      title: '',
      active: true,
    };
    const leave = (name: string, phone: string) =>
      t.app.ports.radar.leaveMessage({
        share,
        visitorKey: `v-${name}`,
        name,
        phone,
        message: '请回电',
        ip: '',
        userAgent: '',
      });
    await leave('短信访客', '13955550001');
    await leave('无号访客', '');
    const sms = async () =>
      (
        await t.call(admin, { method: 'GET', url: '/api/cus/customersaccount/GetCurrCustomerConsumePageList?kind=sms' })
      ).json() as { totalCount: number; data: { note: string }[] };
    const before = (await sms()).totalCount;
    const find = async (name: string) =>
      (
        await t.call(staff, {
          method: 'GET',
          url: `/api/cus/guestbook/page?pageIndex=1&pageSize=10&keyword=${encodeURIComponent(name)}`,
        })
      ).json().data[0] as { id: number; replySmsSent: boolean; reply: string };

    const withPhone = await find('短信访客');
    const sent = t.app.sms.sent.length;
    const res = await t.call(staff, {
      method: 'PUT',
      url: `/api/cus/guestbook/${withPhone.id}`,
      payload: { reply: '样品明天寄出' },
    });
    expect(res.json()).toEqual({ ok: true, smsSent: true, smsLimited: false, smsUncertified: false });
    expect(t.app.sms.sent.slice(sent)).toEqual([
      expect.objectContaining({ phone: '13955550001', text: expect.stringContaining('样品明天寄出') }),
    ]);
    expect(await find('短信访客')).toMatchObject({ reply: '样品明天寄出', replySmsSent: true });
    const after = await sms();
    expect(after.totalCount).toBe(before + 1);
    expect(after.data[0].note).toBe('留言回复短信 139****0001');

    const noPhone = await find('无号访客');
    const plain = await t.call(staff, {
      method: 'PUT',
      url: `/api/cus/guestbook/${noPhone.id}`,
      payload: { reply: '好的' },
    });
    expect(plain.json()).toEqual({ ok: true, smsSent: false, smsLimited: false, smsUncertified: false });
    expect(t.app.sms.sent.length).toBe(sent + 1);
    expect(await find('无号访客')).toMatchObject({ reply: '好的', replySmsSent: false });
    expect((await sms()).totalCount).toBe(before + 1);
  });

  it('texts one number at most GUESTBOOK_REPLY_SMS_PER_PHONE replies a day, whichever company replies; the rest are stored unsent', async () => {
    const phone = '13955550077';
    const leave = (companyId: number, sharerId: number, name: string) =>
      t.app.ports.radar.leaveMessage({
        share: {
          code: `lim${companyId}`,
          companyId,
          sharerId,
          kind: EVENT_KIND.article,
          contentId: 1,
          title: '',
          active: true,
        },
        visitorKey: `lim-${name}`,
        name,
        phone,
        message: '请回电',
        ip: '',
        userAgent: '',
      });
    await leave(t.ids.companyA, t.ids.staff1, '限额访客甲');
    await leave(t.ids.companyB, 0, '限额访客乙');
    const find = async (token: string, name: string) =>
      (
        await t.call(token, {
          method: 'GET',
          url: `/api/cus/guestbook/page?pageIndex=1&pageSize=10&keyword=${encodeURIComponent(name)}`,
        })
      ).json().data[0] as { id: number; replySmsSent: boolean; reply: string };
    const consumed = async (token: string) =>
      (
        await t.call(token, { method: 'GET', url: '/api/cus/customersaccount/GetCurrCustomerConsumePageList?kind=sms' })
      ).json().totalCount as number;
    const reply = async (token: string, id: number, text: string) =>
      (await t.call(token, { method: 'PUT', url: `/api/cus/guestbook/${id}`, payload: { reply: text } })).json();
    const texts = () => t.app.sms.sent.filter((m: { phone: string }) => m.phone === phone).length;

    const a = await find(staff, '限额访客甲');
    const billedA = await consumed(admin);
    for (let i = 1; i <= GUESTBOOK_REPLY_SMS_PER_PHONE; i++)
      expect(await reply(staff, a.id, `第${i}次回复`)).toEqual({
        ok: true,
        smsSent: true,
        smsLimited: false,
        smsUncertified: false,
      });
    expect(texts()).toBe(GUESTBOOK_REPLY_SMS_PER_PHONE);

    expect(await reply(staff, a.id, '超出的回复')).toEqual({
      ok: true,
      smsSent: false,
      smsLimited: true,
      smsUncertified: false,
    });
    expect(await find(staff, '限额访客甲')).toMatchObject({ reply: '超出的回复', replySmsSent: false });
    expect(texts()).toBe(GUESTBOOK_REPLY_SMS_PER_PHONE);
    expect(await consumed(admin)).toBe(billedA + GUESTBOOK_REPLY_SMS_PER_PHONE);

    // Another company replying to the same number is held back too, and pays nothing.
    const b = await find(bAdmin, '限额访客乙');
    const billedB = await consumed(bAdmin);
    expect(await reply(bAdmin, b.id, '您好')).toEqual({
      ok: true,
      smsSent: false,
      smsLimited: true,
      smsUncertified: false,
    });
    expect(await find(bAdmin, '限额访客乙')).toMatchObject({ reply: '您好', replySmsSent: false });
    expect(texts()).toBe(GUESTBOOK_REPLY_SMS_PER_PHONE);
    expect(await consumed(bAdmin)).toBe(billedB);
  });
});
