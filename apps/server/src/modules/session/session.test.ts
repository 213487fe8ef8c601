import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';

const { t } = await appForFile([]);

describe('POST /api/usr/session (login)', () => {
  it('answers a token for a demo account, with the account trimmed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      payload: { account: '  admin ', password: 'huoke_2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses a wrong password with 401 and problem+json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      payload: { account: 'admin', password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toBe('账号或密码错误');
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/usr/session', payload: { account: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/usr/session (user info)', () => {
  it('answers profile, roles, permissions and customerId', async () => {
    const token = await t.login('admin');
    const res = await t.call(token, { method: 'GET', url: '/api/usr/session' });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info.profile.account).toBe('admin');
    expect(info.profile.companyName).toBe('演示科技有限公司');
    expect(info.roles).toEqual(['admin']);
    expect(info.permissions).toContain('/manage/company-manage/show');
    expect(info.customerId).toBe(t.ids.companyA);
  });

  it('staff do not hold the company-management permission', async () => {
    const token = await t.login('staff1');
    const info = (await t.call(token, { method: 'GET', url: '/api/usr/session' })).json();
    expect(info.roles).toEqual(['staff']);
    expect(info.permissions).not.toContain('/manage/company-manage/show');
  });

  it('answers 401 without a token and with an unknown token', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(401);
    expect((await t.call('bogus', { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/usr/session (logout)', () => {
  it('revokes the token at once', async () => {
    const token = await t.login('staff1');
    expect((await t.call(token, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'DELETE', url: '/api/usr/session' })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(401);
  });
});

describe('switching company', () => {
  it('gives multi a token for the second company and 404 for a company it is not in', async () => {
    const token = await t.login('multi');
    const list = (await t.call(token, { method: 'GET', url: '/api/usr/users/GetCompanys' })).json().data;
    expect(list.map((c: { customerName: string }) => c.customerName)).toEqual(['演示科技有限公司', '示例传媒有限公司']);
    const other = list.find((c: { current: boolean }) => !c.current);
    const res = await t.call(token, { method: 'GET', url: `/api/usr/session/SwitchToken/${other.id}` });
    expect(res.statusCode).toBe(200);
    const info = (await t.call(res.json().token, { method: 'GET', url: '/api/usr/session' })).json();
    expect(info.profile.companyName).toBe('示例传媒有限公司');
    expect(info.codes).not.toContain('WJTPOSTER');

    const staff = await t.login('staff1');
    const denied = await t.call(staff, { method: 'GET', url: `/api/usr/session/SwitchToken/${t.ids.companyB}` });
    expect(denied.statusCode).toBe(404);
  });
});
