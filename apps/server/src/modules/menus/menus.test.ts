import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile, createTestApp } from '../../../test/app.js';
import { companies, users } from '../../db/schema/index.js';
import { findOnPath } from '../../storage/tools.js';

let multiB: string;
const {
  t,
  tokens: [admin, staff],
} = await appForFile(['admin', 'staff1']);

beforeAll(async () => {
  const multi = await t.login('multi');
  multiB = (await t.call(multi, { method: 'GET', url: `/api/usr/session/SwitchToken/${t.ids.companyB}` })).json().token;
});

const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url });
type Menu = { path: string; children?: Menu[] };
const paths = (tree: Menu[]): string[] => tree.flatMap((m) => [m.path, ...paths(m.children ?? [])]);

describe('GET /api/usr/menus/routers', () => {
  it('differs between company A (every code) and company B (no WJTPOSTER, no SVIDEO)', async () => {
    const a = paths((await get(admin, '/api/usr/menus/routers')).json().data);
    const b = paths((await get(multiB, '/api/usr/menus/routers')).json().data);
    expect(a).toContain('/private-guest/poster');
    expect(b).not.toContain('/private-guest/poster');
    expect(b).toContain('/private-guest/articles');
  });

  it('differs between admin and staff of the same company (company management needs its permission)', async () => {
    const a = paths((await get(admin, '/api/usr/menus/routers')).json().data);
    const s = paths((await get(staff, '/api/usr/menus/routers')).json().data);
    expect(a).toContain('/manage/company-manage/info');
    expect(s).not.toContain('/manage/company-manage/info');
    expect(s).not.toContain('/manage');
    expect(a.filter((x) => !x.startsWith('/manage'))).toEqual(s);
  });

  it('drops every coded entry when the package has expired', async () => {
    await t.app.db
      .update(companies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companies.id, t.ids.companyB));
    await t.app.sessions.forgetCompany(t.ids.companyB);
    try {
      const b = paths((await get(multiB, '/api/usr/menus/routers')).json().data);
      expect(b).not.toContain('/private-guest/articles');
      expect(b).toContain('/home');
      expect((await get(multiB, '/api/cus/customersaccount/IsPermissionByAppCode/WJTCRM')).json().result).toBe(false);
    } finally {
      await t.app.db
        .update(companies)
        .set({ expiresAt: new Date(Date.now() + 20 * 86_400_000) })
        .where(eq(companies.id, t.ids.companyB));
      await t.app.sessions.forgetCompany(t.ids.companyB);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await get(null, '/api/usr/menus/routers')).statusCode).toBe(401);
  });

  // Someone in no company saw 赢客 and 更多应用 (and could pick 数据视图, 拓词工具… for the navigation), whose pages
  // only said the service was missing.
  it('offers someone in no company only the workbench, in the menu and the navigation catalogue', async () => {
    const [{ hash }] = await t.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, t.ids.staff1));
    await t.app.db.insert(users).values({ account: 'loner', phone: '13800000031', passwordHash: hash, name: '钱独立' });
    const loner = await t.login('loner');
    expect((await get(loner, '/api/usr/session')).json().customerId).toBe(0);
    const menu = (await get(loner, '/api/usr/menus/routers')).json().data;
    expect(paths(menu)).toEqual(['/home', '/home']);
    expect(JSON.stringify(menu)).not.toMatch(/赢客|更多应用|withoutCompany/);
    expect(
      (await get(loner, '/api/usr/sysnavigation/GetSysNavList')).json().data.map((n: { id: number }) => n.id),
    ).toEqual([1]);
    expect(
      (await get(loner, '/api/usr/sysnavigation/MySysNavList')).json().data.map((n: { id: number }) => n.id),
    ).toEqual([1]);
    // A member whose company's package has run out still has the company's pages without a code.
    expect(paths((await get(staff, '/api/usr/menus/routers')).json().data)).toContain('/win-customer/drainage');
  });
});

describe('permission checks', () => {
  it('IsPermissionByAppCode answers whether the company holds the code', async () => {
    const check = async (token: string, code: string) =>
      (await get(token, `/api/cus/customersaccount/IsPermissionByAppCode/${code}`)).json().result;
    expect(await check(admin, 'SVIDEO')).toBe(true);
    expect(await check(staff, 'svideo')).toBe(true);
    expect(await check(multiB, 'SVIDEO')).toBe(false);
    expect(await check(multiB, 'WJTCRM')).toBe(true);
    const unknown = await get(admin, '/api/cus/customersaccount/IsPermissionByAppCode/NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('code');
  });

  it('GetCurrentUserIsAuthorization follows the service gates of SPEC §6', async () => {
    const check = async (token: string, code: string) =>
      (await get(token, `/api/cus/customizeauthorize/GetCurrentUserIsAuthorization?code=${code}`)).json().result;
    for (const code of ['1', '2', '3', '4', 'WJTPOSTER']) expect(await check(admin, code)).toBe(true);
    expect(await check(multiB, '1')).toBe(true);
    expect(await check(multiB, '3')).toBe(true);
    expect(await check(multiB, '4')).toBe(false);
    expect(await check(multiB, 'WJTPOSTER')).toBe(false);
    for (const bad of ['5', '0', 'SVIDEO', '']) {
      const res = await get(admin, `/api/cus/customizeauthorize/GetCurrentUserIsAuthorization?code=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('code');
    }
    expect((await get(admin, '/api/cus/customizeauthorize/GetCurrentUserIsAuthorization')).statusCode).toBe(400);
  });

  // An unknown code answered 400 「code: 输入无效」 (zod's union said nothing more): which codes, the reader had to guess.
  it('refuses an unknown code naming the field and the codes it may be, in Chinese and in English', async () => {
    const refusal = async (url: string, lang: string) => {
      const res = await t.call(admin, { method: 'GET', url, headers: { 'accept-language': lang } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe('code');
      return res.json().detail;
    };
    const service = '/api/cus/customizeauthorize/GetCurrentUserIsAuthorization?code=WJTCRM';
    expect(await refusal(service, 'zh-CN')).toBe('code: 须为以下之一：1、2、3、4、CASPUSH、VISITINGCARD、WJTPOSTER');
    expect(await refusal(service, 'en')).toBe(
      'code: code must be 1, 2, 3, 4 or one of CASPUSH, VISITINGCARD, WJTPOSTER',
    );
    const app = '/api/cus/customersaccount/IsPermissionByAppCode/NOPE';
    expect(await refusal(app, 'zh-CN')).toBe(
      'code: 须为以下之一：WJTCRM、WJTSKB、SVIDEO、CASPUSH、VISITINGCARD、WJTPOSTER',
    );
    expect(await refusal(app, 'en')).toBe(
      'code: code must be one of WJTCRM, WJTSKB, SVIDEO, CASPUSH, VISITINGCARD, WJTPOSTER',
    );
  });

  it('IsAdminByCurrUser: admin true, staff false, 401 without a session', async () => {
    expect((await get(admin, '/api/cus/customersaccount/IsAdminByCurrUser')).json()).toEqual({ result: true });
    expect((await get(staff, '/api/cus/customersaccount/IsAdminByCurrUser')).json()).toEqual({ result: false });
    expect((await get(multiB, '/api/cus/customersaccount/IsAdminByCurrUser')).json()).toEqual({ result: false });
    expect((await get(null, '/api/cus/customersaccount/IsAdminByCurrUser')).statusCode).toBe(401);
  });
});

describe('navigation entries', () => {
  const ids = async (token: string, url: string) =>
    ((await get(token, url)).json().data as { id: number }[]).map((n) => n.id);

  it('GetSysNavList lists id, title, path and icon of what this user may open', async () => {
    const list = (await get(admin, '/api/usr/sysnavigation/GetSysNavList')).json().data;
    expect(list[0]).toEqual({ id: 1, title: '工作台', path: '/home', icon: 'dashboard' });
    // Named as the console names the page (it said 数据看板 for the page titled 数据视图).
    expect(list.find((n: { id: number }) => n.id === 2)).toMatchObject({ title: '数据视图', path: '/ranks' });
    const adminIds = list.map((n: { id: number }) => n.id);
    expect(adminIds).toContain(15);
    expect(await ids(staff, '/api/usr/sysnavigation/GetSysNavList')).not.toContain(15);
    const b = await ids(multiB, '/api/usr/sysnavigation/GetSysNavList');
    expect(b).not.toContain(6);
    expect(b).toContain(3);
  });

  it('MySysNavList answers the default, saves a choice in order, per user and company', async () => {
    expect(await ids(staff, '/api/usr/sysnavigation/MySysNavList')).toEqual([1, 2, 3, 9]);
    const put = await t.call(staff, {
      method: 'PUT',
      url: '/api/usr/sysnavigation/MySysNavList',
      payload: { ids: [9, 1, 11] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.map((n: { id: number }) => n.id)).toEqual([9, 1, 11]);
    expect(await ids(staff, '/api/usr/sysnavigation/MySysNavList')).toEqual([9, 1, 11]);
    expect(await ids(admin, '/api/usr/sysnavigation/MySysNavList')).toEqual([1, 2, 3, 9]);
    const empty = await t.call(staff, {
      method: 'PUT',
      url: '/api/usr/sysnavigation/MySysNavList',
      payload: { ids: [] },
    });
    expect(empty.json().data).toEqual([]);
  });

  it("a company's saved choice is not read from another company", async () => {
    const multi = await t.login('multi');
    const multiA = (await get(multi, `/api/usr/session/SwitchToken/${t.ids.companyA}`)).json().token;
    expect((await get(multiA, '/api/usr/session')).json().customerId).toBe(t.ids.companyA);
    await t.call(multiA, { method: 'PUT', url: '/api/usr/sysnavigation/MySysNavList', payload: { ids: [6, 7] } });
    expect(await ids(multiA, '/api/usr/sysnavigation/MySysNavList')).toEqual([6, 7]);
    expect(await ids(multiB, '/api/usr/sysnavigation/MySysNavList')).toEqual([1, 2, 3, 9]);
  });

  it('refuses unknown, forbidden, repeated and wrong-typed ids with 400', async () => {
    const put = (token: string, payload: unknown) =>
      t.call(token, { method: 'PUT', url: '/api/usr/sysnavigation/MySysNavList', payload: payload as object });
    for (const payload of [
      { ids: [999] },
      { ids: [1, 1] },
      { ids: ['a'] },
      {},
      { ids: Array.from({ length: 13 }, (_, i) => i + 1) },
    ]) {
      const res = await put(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toMatch(/^ids/);
    }
    const forbidden = await put(multiB, { ids: [6] });
    expect(forbidden.statusCode).toBe(400);
    expect((await put(staff, { ids: [15] })).statusCode).toBe(400);
  });
});

describe('GET /api/public/config', () => {
  it('answers the configured product name, support line and external addresses without a session', async () => {
    const t2 = await createTestApp({ APP_NAME: '测试获客', SUPPORT_PHONE: '400-123-4567' });
    try {
      const res = await t2.call(null, { method: 'GET', url: '/api/public/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ appName: '测试获客', supportPhone: '400-123-4567' });
      expect(res.json().externalApps.WJTCRM).toMatch(/^https?:\/\//);
      // Whether a video without a cover gets one from its frames: ffmpeg on this machine's PATH, or not.
      expect(res.json().videoFrames).toBe((await findOnPath('ffmpeg')) !== null);
    } finally {
      await t2.close();
    }
  });
});
