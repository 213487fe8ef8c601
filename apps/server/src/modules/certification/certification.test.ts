import { isValidCreditCode } from '@huoke/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { certifications } from '../../db/schema/index.js';

const {
  t,
  tokens: [admin, staff, badmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });
const post = (token: string | null, url: string, payload?: object) =>
  t.call(token, { method: 'POST', url: `/api${url}`, payload: payload ?? {} });

describe('certification', () => {
  it('A starts unauthenticated, B pending', async () => {
    expect((await get(admin, '/cus/customer/GetAuthState')).json()).toMatchObject({
      authenticated: false,
      state: '未认证',
    });
    expect((await get(badmin, '/cus/customer/GetAuthState')).json()).toMatchObject({
      authenticated: false,
      state: '待审中',
    });
    // The seeded submission's code passes the check a console's submission must pass (GB 32100-2015).
    const seeded = (await get(badmin, '/cus/customer/GetAuthDetail')).json().submission.creditCode;
    expect(isValidCreditCode(seeded)).toBe(true);
  });

  it('validates the credit code checksum and the fields', async () => {
    const base = { companyName: '演示科技有限公司', legalPerson: '王管理', licenceUrl: '/api/fs/raw/x.png' };
    const wrong = await post(admin, '/cus/customer/SubmitAuth', { ...base, creditCode: '91350100M000100Y44' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('creditCode');
    expect(wrong.json().detail).toContain('统一社会信用代码校验位不正确');
    // An I (never used, it reads as 1) where the check digit would be right for nothing.
    const letter = await post(admin, '/cus/customer/SubmitAuth', { ...base, creditCode: '91350100I000100Y43' });
    expect(letter.statusCode).toBe(400);
    expect(letter.json()).toMatchObject({ field: 'creditCode' });
    expect(letter.json().detail).toContain('统一社会信用代码格式不正确');
    const short = await post(admin, '/cus/customer/SubmitAuth', { ...base, creditCode: '9135010' });
    expect(short.statusCode).toBe(400);
    const script = await post(admin, '/cus/customer/SubmitAuth', {
      ...base,
      creditCode: '91350100M000100Y43',
      licenceUrl: 'javascript:alert(1)',
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().field).toBe('licenceUrl');
    const staffTry = await post(staff, '/cus/customer/SubmitAuth', { ...base, creditCode: '91350100M000100Y43' });
    expect(staffTry.statusCode).toBe(403);
  });

  it('refuses a code another company holds (409 on the field, without naming it); nothing is stored', async () => {
    const body = {
      companyName: '演示科技有限公司',
      // 示例传媒有限公司's submission, waiting for review, holds it (seed).
      creditCode: '91350100m000100y43',
      legalPerson: '王管理',
      licenceUrl: '/api/fs/raw/licence.png',
    };
    const taken = await post(admin, '/cus/customer/SubmitAuth', body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'creditCode', detail: '该统一社会信用代码已被其他企业使用' });
    expect(taken.body).not.toContain('示例传媒');
    const en = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/customer/SubmitAuth',
      payload: body,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().detail).toBe('another company already uses this unified social credit code');
    expect((await get(admin, '/cus/customer/GetAuthState')).json().state).toBe('未认证');
  });

  it('pending → rejected with a reason → resubmitted → approved by an operator', async () => {
    const operator = await t.login('operator');
    const body = {
      companyName: '演示科技有限公司',
      creditCode: '91110000600037341l',
      legalPerson: '王管理',
      licenceUrl: '/api/fs/raw/licence.png',
    };
    const sub = await post(admin, '/cus/customer/SubmitAuth', body);
    expect(sub.statusCode).toBe(200);
    expect((await post(admin, '/cus/customer/SubmitAuth', body)).statusCode).toBe(409);
    expect((await get(admin, '/cus/customer/GetAuthState')).json().state).toBe('待审中');

    expect((await get(admin, '/cus/customerauth/GetReviewList')).statusCode).toBe(403);
    expect((await post(admin, `/cus/customerauth/Approve/${sub.json().id}`)).statusCode).toBe(403);
    const list = (await get(operator, '/cus/customerauth/GetReviewList?status=pending')).json();
    expect(list.data.map((r: { customerName: string }) => r.customerName)).toEqual(
      expect.arrayContaining(['演示科技有限公司', '示例传媒有限公司']),
    );
    expect((await post(operator, `/cus/customerauth/Reject/${sub.json().id}`, { reason: '' })).statusCode).toBe(400);
    expect(
      (await post(operator, `/cus/customerauth/Reject/${sub.json().id}`, { reason: '营业执照不清晰' })).statusCode,
    ).toBe(200);
    expect((await get(admin, '/cus/customer/GetAuthState')).json()).toMatchObject({
      authenticated: false,
      state: '未通过',
      reason: '营业执照不清晰',
    });

    // Its own code, sent again after the rejection, is still its own.
    const again = await post(admin, '/cus/customer/SubmitAuth', body);
    expect(again.statusCode).toBe(200);
    const detail = (await get(admin, '/cus/customer/GetAuthDetail')).json();
    expect(detail.submission).toMatchObject({ creditCode: '91110000600037341L', legalPerson: '王管理' });
    // The company's facts, read (and cached) before the operator's decision, must not outlive it.
    const authenticated = async () =>
      (await get(admin, '/crm/userinfo/GetPersonalAndCompanyAsync')).json().company.authenticated;
    expect(await authenticated()).toBe(false);
    expect((await post(operator, `/cus/customerauth/Approve/${again.json().id}`)).statusCode).toBe(200);
    expect((await post(operator, `/cus/customerauth/Approve/${again.json().id}`)).statusCode).toBe(409);
    expect(await authenticated()).toBe(true);
    expect((await get(admin, '/cus/customer/GetAuthState')).json()).toMatchObject({
      authenticated: true,
      state: '已通过',
    });
    expect((await post(operator, '/cus/customerauth/Approve/999999')).statusCode).toBe(404);
    // Approved, A holds the code: B may not take it, and B's own waiting code stays B's.
    const bTry = await post(badmin, '/cus/customer/SubmitAuth', body);
    expect(bTry.statusCode).toBe(409);
  });

  // A submission stored before submissions were checked could hold the code of another company's approved one, and
  // its approval passed: two approved companies with one code.
  it("refuses to approve a code another company's approved submission holds (409 on creditCode); it stays waiting", async () => {
    const operator = await t.login('operator');
    // A's approved code (the test above), in a submission of B stored before the check.
    const [old] = await t.app.db
      .insert(certifications)
      .values({
        companyId: t.ids.companyB,
        submittedBy: t.ids.admin,
        companyName: '示例传媒有限公司',
        creditCode: '91110000600037341L',
        legalPerson: '孙管理',
        licenceUrl: '/api/fs/raw/licence.png',
      })
      .returning({ id: certifications.id });
    const approve = await post(operator, `/cus/customerauth/Approve/${old.id}`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ field: 'creditCode', detail: '该统一社会信用代码已被其他企业使用' });
    expect(approve.body).not.toContain('演示科技');
    const [row] = await t.app.db.select().from(certifications).where(eq(certifications.id, old.id));
    expect(row.status).toBe('pending');
    expect((await get(badmin, '/cus/customer/GetAuthState')).json()).toMatchObject({
      authenticated: false,
      state: '待审中',
    });
    // B's own code, held by no approved submission, is approved.
    const seeded = (await get(operator, '/cus/customerauth/GetReviewList?status=pending'))
      .json()
      .data.find((r: { id: number; customerId: number }) => r.customerId === t.ids.companyB && r.id !== old.id);
    expect(seeded.creditCode).toBe('91350100M000100Y43');
    expect((await post(operator, `/cus/customerauth/Approve/${seeded.id}`)).statusCode).toBe(200);
    expect(
      (await post(operator, `/cus/customerauth/Reject/${old.id}`, { reason: '统一社会信用代码重复' })).statusCode,
    ).toBe(200);
  });
});
