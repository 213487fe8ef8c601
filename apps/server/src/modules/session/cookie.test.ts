import { SYSTEM_CODE } from '@huoke/contracts/constants';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp } from '../../../test/app.js';
import { DEMO_PASSWORD } from '../../db/seed/index.js';
import { consoleCsp, inlineStyleHashes } from '../../plugins/security-headers.js';

const { t } = await appForFile([]);

/** app.inject addresses the server as http://localhost:80, whose origin is http://localhost. */
const OWN = 'http://localhost';
const FOREIGN = 'https://evil.example.com';

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

async function login(account = 'admin', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/usr/session',
    payload: { account, password: DEMO_PASSWORD },
    headers,
  });
}

/** Logs in and answers the Cookie header a browser would send afterwards. */
async function browserSession(account = 'admin'): Promise<string> {
  const res = await login(account, { origin: OWN });
  return `huoke_token=${cookieOf(res, 'huoke_token')?.value}; huoke_session=1`;
}

const addGroup = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/fs/FileGroup/Add', payload: { name: '来源测试' }, headers });

describe('the session cookie', () => {
  it('is set HttpOnly, SameSite=Lax, Path=/ for the session lifetime by the login, with a readable marker beside it', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const token = cookieOf(res, 'huoke_token');
    expect(token).toMatchObject({
      value: res.json().token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 7 * 86_400,
    });
    // Served over plain http here: not Secure (a browser would drop a Secure cookie on http).
    expect(token?.secure).toBeFalsy();
    const marker = cookieOf(res, 'huoke_session');
    expect(marker).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: 7 * 86_400 });
    expect(marker?.httpOnly).toBeFalsy();
  });

  it('authenticates a GET without any Authorization header', async () => {
    const cookie = await browserSession();
    const res = await t.app.inject({ method: 'GET', url: '/api/usr/session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.account).toBe('admin');
    // Without the cookie the same call is 401.
    expect((await t.app.inject({ method: 'GET', url: '/api/usr/session' })).statusCode).toBe(401);
  });

  it('is set by the company switch and the login-key exchange too', async () => {
    const bearer = await t.login('multi');
    const companies = await t.call(bearer, { method: 'GET', url: '/api/usr/users/GetCompanys' });
    const other = companies.json().data.find((c: { current: boolean }) => !c.current);
    const sw = await t.call(bearer, { method: 'GET', url: `/api/usr/session/SwitchToken/${other.id}` });
    expect(sw.statusCode).toBe(200);
    expect(cookieOf(sw, 'huoke_token')).toMatchObject({ value: sw.json().token, httpOnly: true });

    const admin = await t.login('admin');
    const k = await t.call(admin, { method: 'GET', url: '/api/usr/session/GetSecretKey?url=WJTCRM' });
    expect(k.statusCode).toBe(200);
    // As the console's script sends it (its x-system-code header; the page's own Referer).
    const ex = await t.app.inject({
      method: 'GET',
      url: `/api/usr/session/LoginSecretKey/${k.json().key}`,
      headers: { 'x-system-code': SYSTEM_CODE, referer: `${OWN}/?key=${k.json().key}`, 'sec-fetch-dest': 'empty' },
    });
    expect(ex.statusCode).toBe(200);
    expect(cookieOf(ex, 'huoke_token')).toMatchObject({ value: ex.json().token, httpOnly: true });
  });

  it("a login link of the sender's account does not sign a browser without a session into it (login CSRF)", async () => {
    const keyOf = async () => {
      const bearer = await t.login('staff1');
      const k = await t.call(bearer, { method: 'GET', url: '/api/usr/session/GetSecretKey?url=WJTCRM' });
      expect(k.statusCode).toBe(200);
      return k.json().key as string;
    };
    const exchange = (key: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/usr/session/LoginSecretKey/${key}`, headers });
    const key = await keyOf();
    // A link on another site, opened: refused as a foreign login is, no cookie, and the key is not spent.
    const linked = await exchange(key, {
      referer: `${FOREIGN}/page`,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(linked.statusCode).toBe(403);
    expect(linked.json().detail).toBe('请求来源不被允许');
    expect(cookieOf(linked, 'huoke_token')).toBeUndefined();
    // The same navigation with its Referer stripped (rel="noreferrer"): the token goes to the body alone; the
    // browser is signed into nothing (only the console's script, which sends x-system-code, gets the cookie).
    const stripped = await exchange(key, { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' });
    expect(stripped.statusCode).toBe(200);
    expect(cookieOf(stripped, 'huoke_token')).toBeUndefined();
    expect(cookieOf(stripped, 'huoke_session')).toBeUndefined();
    // An API client exchanging a key still gets its token.
    const api = await exchange(await keyOf(), {});
    expect(api.statusCode).toBe(200);
    expect(typeof api.json().token).toBe('string');
    const me = await t.call(api.json().token, { method: 'GET', url: '/api/usr/session' });
    expect(me.json().profile.account).toBe('staff1');
  });

  it('a login link of another account does not swap the browser out of its own session (login CSRF)', async () => {
    const cookie = await browserSession('admin');
    const keyOf = async (account: string) => {
      const bearer = await t.login(account);
      const k = await t.call(bearer, { method: 'GET', url: '/api/usr/session/GetSecretKey?url=WJTCRM' });
      expect(k.statusCode).toBe(200);
      return k.json().key as string;
    };
    const exchange = (key: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/usr/session/LoginSecretKey/${key}`, headers });

    // The sender's key, opened in the admin's browser: refused, no cookie set, the admin stays the admin.
    const foreign = await keyOf('staff1');
    const refused = await exchange(foreign, { cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('已登录其他账号');
    expect(cookieOf(refused, 'huoke_token')).toBeUndefined();
    const still = await t.app.inject({ method: 'GET', url: '/api/usr/session', headers: { cookie } });
    expect(still.json().profile.account).toBe('admin');
    // The key is not spent: its own owner (a browser without that session) can still use it.
    expect((await exchange(foreign)).statusCode).toBe(200);

    // The browser's own account's link works as before (the console's script exchanges it).
    const own = await keyOf('admin');
    const ok = await exchange(own, { cookie, 'x-system-code': SYSTEM_CODE });
    expect(ok.statusCode).toBe(200);
    expect(cookieOf(ok, 'huoke_token')?.value).toBe(ok.json().token);
  });

  it('logout clears both cookies, and the ended cookie answers 401 clearing them again', async () => {
    const cookie = await browserSession();
    const out = await t.app.inject({ method: 'DELETE', url: '/api/usr/session', headers: { cookie, origin: OWN } });
    expect(out.statusCode).toBe(200);
    for (const name of ['huoke_token', 'huoke_session']) {
      const c = cookieOf(out, name);
      expect(c?.value, name).toBe('');
      expect(c?.expires && c.expires.getTime() < Date.now(), name).toBe(true);
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/usr/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(cookieOf(after, 'huoke_token')?.value).toBe('');
  });

  it('a switched-away cookie answers 410 with the reason and is cleared', async () => {
    const cookie = await browserSession('multi');
    const companies = await t.app.inject({ method: 'GET', url: '/api/usr/users/GetCompanys', headers: { cookie } });
    const other = companies.json().data.find((c: { current: boolean }) => !c.current);
    const sw = await t.app.inject({
      method: 'GET',
      url: `/api/usr/session/SwitchToken/${other.id}`,
      headers: { cookie, referer: `${OWN}/home`, 'x-system-code': 'huoke-console' },
    });
    expect(sw.statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/api/usr/session', headers: { cookie } });
    expect(old.statusCode).toBe(410);
    expect(old.json().detail).toBe('已切换企业，请重新登录');
    expect(cookieOf(old, 'huoke_session')?.value).toBe('');
  });

  it('is Secure, with HSTS on every answer, when PUBLIC_BASE_URL is https', async () => {
    const s = await createTestApp({ PUBLIC_BASE_URL: 'https://huoke.example.com' });
    try {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/usr/session',
        payload: { account: 'admin', password: DEMO_PASSWORD },
      });
      expect(cookieOf(res, 'huoke_token')).toMatchObject({ httpOnly: true, secure: true });
      expect(cookieOf(res, 'huoke_session')).toMatchObject({ secure: true });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
      const health = await s.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.headers['strict-transport-security']).toBeTruthy();
      // The configured origin counts as the server's own for cookie writes.
      const cookie = `huoke_token=${res.json().token}`;
      const own = await s.app.inject({
        method: 'POST',
        url: '/api/fs/FileGroup/Add',
        payload: { name: '来源测试' },
        headers: { cookie, origin: 'https://huoke.example.com' },
      });
      expect(own.statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('cross-site request forgery', () => {
  it('refuses a cookie-authenticated write without an Origin or with a foreign one (403 problem)', async () => {
    const cookie = await browserSession();
    const cases: Record<string, string>[] = [
      { cookie },
      { cookie, origin: FOREIGN },
      { cookie, referer: `${FOREIGN}/page` },
      { cookie, origin: 'null' },
    ];
    for (const headers of cases) {
      const res = await addGroup(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe('请求来源不被允许');
    }
    const en = await addGroup({ cookie, origin: FOREIGN, 'accept-language': 'en' });
    expect(en.json().detail).toBe('The request comes from another site');
  });

  it('takes no form-encoded body on a console call (what another site’s <form> sends): 415, the share forms keep it', async () => {
    const token = await t.login('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fs/FileGroup/Add',
      payload: 'name=%E8%A1%A8%E5%8D%95',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(415);
    const groups = await t.call(token, { url: '/api/fs/FileGroup/All' });
    expect(JSON.stringify(groups.json())).not.toContain('表单');
  });

  it('accepts a cookie-authenticated write from its own origin (Origin, or Referer when no Origin)', async () => {
    const cookie = await browserSession();
    expect((await addGroup({ cookie, origin: OWN })).statusCode).toBe(200);
    expect((await addGroup({ cookie, referer: `${OWN}/content/files` })).statusCode).toBe(200);
  });

  it('guards the SPEC’s GET writes and the company switch the same way; plain reads need no Origin', async () => {
    const cookie = await browserSession();
    const share = await t.app.inject({
      method: 'GET',
      url: '/api/caspush/articlemanager/SetArticleShare?id=1',
      headers: { cookie },
    });
    expect(share.statusCode).toBe(403);
    const sw = await t.app.inject({ method: 'GET', url: '/api/usr/session/SwitchToken/1', headers: { cookie } });
    expect(sw.statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: '/api/usr/menus/routers', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    // Named as reads, these make a share link or a public code the first time: a foreign page may not.
    const qr = await t.app.inject({
      method: 'POST',
      url: '/api/visitingcard/empcard/GetCardQR/1',
      headers: { cookie, origin: FOREIGN },
    });
    expect(qr.statusCode).toBe(403);
    const code = await t.app.inject({ method: 'GET', url: '/api/crm/controlpanal/GetPublicCode', headers: { cookie } });
    expect(code.statusCode).toBe(403);
    // A poster's detail carries the caller's card link, made the first time.
    const poster = await t.app.inject({
      method: 'GET',
      url: '/api/caspush/poster/detail?id=1',
      headers: { cookie, referer: 'https://evil.example/', 'sec-fetch-dest': 'image' },
    });
    expect(poster.statusCode).toBe(403);
  });

  it('refuses a GET write that an image on its own pages sends (this Referer, no console header), takes the console’s', async () => {
    const cookie = await browserSession();
    const toggle = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/caspush/articlemanager/SetArticleShare?articleId=8', headers });
    const before = (await t.call(await t.login('admin'), { url: '/api/caspush/articlemanager/8' })).json();
    // <img src="/api/…/SetArticleShare?…"> in an article or a mini-site, viewed on this server with the session.
    const sent: Record<string, string>[] = [
      { cookie, referer: `${OWN}/s/abcdefghij` },
      { cookie, referer: `${OWN}/s/abcdefghij`, 'sec-fetch-dest': 'image', 'x-system-code': 'huoke-console' },
      { cookie, referer: `${OWN}/home`, 'sec-fetch-dest': 'document', 'x-system-code': 'huoke-console' },
    ];
    for (const headers of sent) {
      const res = await toggle(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().detail).toBe('请求来源不被允许');
    }
    const sw = await t.app.inject({
      method: 'GET',
      url: '/api/usr/session/SwitchToken/2',
      headers: { cookie, referer: `${OWN}/s/abcdefghij`, 'sec-fetch-dest': 'image' },
    });
    expect(sw.statusCode).toBe(403);
    const unchanged = (await t.call(await t.login('admin'), { url: '/api/caspush/articlemanager/8' })).json();
    expect(unchanged.isShareToEnterprise).toBe(before.isShareToEnterprise);
    // The console's own call (its script: the header, an empty destination) still toggles.
    const own = await toggle({
      cookie,
      referer: `${OWN}/private-guest/articles`,
      'sec-fetch-dest': 'empty',
      'x-system-code': 'huoke-console',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().isShareToEnterprise).toBe(!before.isShareToEnterprise);
    await toggle({ cookie, origin: OWN, 'x-system-code': 'huoke-console' });
  });

  it('lets Bearer calls through without any Origin (API clients)', async () => {
    const token = await t.login('admin');
    const res = await addGroup({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a login posted from a foreign page, and takes one from its own page or an API client', async () => {
    const foreign = await login('admin', { origin: FOREIGN });
    expect(foreign.statusCode).toBe(403);
    expect(cookieOf(foreign, 'huoke_token')).toBeUndefined();
    expect((await login('admin', { origin: OWN })).statusCode).toBe(200);
    expect((await login('admin')).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends nosniff and the referrer policy on every answer, and no HSTS over plain http', async () => {
    for (const url of ['/api/usr/session', '/healthz', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('builds the console CSP: scripts from the server only, inline styles by hash or nonce, no framing', () => {
    const html = '<html><head><style>body{margin:0}</style><style>.a{color:red}</style></head></html>';
    const hashes = inlineStyleHashes(html);
    // sha256 of "body{margin:0}", base64.
    expect(hashes[0]).toBe("'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='");
    expect(hashes).toHaveLength(2);
    const csp = consoleCsp(hashes, 'bm9uY2U=');
    for (const d of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "img-src 'self' data: blob: https:",
      `style-src 'self' 'nonce-bm9uY2U=' ${hashes.join(' ')}`,
    ])
      expect(csp).toContain(d);
    expect(csp).not.toContain('unsafe');
  });
});
