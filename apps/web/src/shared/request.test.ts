// @vitest-environment happy-dom
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffInfo } from '../test/fixtures';
import { type RequestError, request, type SessionEnd, setSessionEndedHandler } from './request';
import { useSession } from './session';

const PASSWORD_CHANGED = '密码已修改，请重新登录';
const EXPIRED = '登录过期，请重新登录';

/** An answer whose body arrives when `release` is called (the console reads the status, then waits for the body). */
function answer(status: number, detail: string, code?: string) {
  let release = () => {};
  const body = new Promise<unknown>((resolve) => {
    release = () => resolve({ title: status === 410 ? 'Gone' : 'Unauthorized', status, detail, code });
  });
  const res = {
    ok: false,
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/problem+json' }),
    json: () => body,
    text: async () => '',
  };
  return { res, release };
}

/** The session marker the server sets beside its HttpOnly token cookie (the console reads only this one). */
const setMarker = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = 'huoke_session=1; Path=/';
};
const clearMarker = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = 'huoke_session=; Path=/; Max-Age=0';
};

let shown: string[];
/** The client shows one session-end message in two seconds: each test starts a minute after the one before. */
let clock = Date.now();
let ended: number[];
let ends: SessionEnd[];
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  clock += 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  shown = [];
  ended = [];
  ends = [];
  vi.spyOn(message, 'error').mockImplementation(((text: string) => {
    shown.push(text);
  }) as unknown as typeof message.error);
  setSessionEndedHandler((reason, end) => {
    ended.push(reason);
    ends.push(end);
  });
  setMarker();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearMarker();
  useSession.getState().clear();
});

describe('a session ended elsewhere (the server answers 410 with the reason)', () => {
  it('says the reason once even when a 401 of a call sent without the cookie is read first', async () => {
    // Call A meets the revoked token: 410, and its answer clears the cookies as it arrives. Call B goes out in that
    // moment without them (401), and its answer is read before A's body has come.
    const a = answer(410, PASSWORD_CHANGED);
    const b = answer(401, EXPIRED);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(a.res).mockResolvedValueOnce(b.res));
    const callA = request('GET', '/a').catch((e) => e);
    await tick();
    clearMarker();
    const callB = request('GET', '/b').catch((e) => e);
    b.release();
    await tick();
    a.release();
    const [errA, errB] = await Promise.all([callA, callB]);
    expect(shown).toEqual([PASSWORD_CHANGED]);
    expect(ended).toEqual([410]);
    expect(errA).toMatchObject({ status: 410, message: PASSWORD_CHANGED });
    expect(errB).toMatchObject({ status: 401 });
  });

  it('says the reason once when the marker was still set as the cookie-less call left', async () => {
    const a = answer(410, PASSWORD_CHANGED);
    const b = answer(401, EXPIRED);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(a.res).mockResolvedValueOnce(b.res));
    const callA = request('GET', '/a').catch((e) => e);
    const callB = request('GET', '/b').catch((e) => e);
    b.release();
    await tick();
    a.release();
    await Promise.all([callA, callB]);
    expect(shown).toEqual([PASSWORD_CHANGED]);
    expect(ended).toEqual([410]);
  });
});

describe('a held login’s session ended (410 with the code ADMIN_SET_PASSWORD)', () => {
  const ELSEWHERE = '您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试';

  // The words name the SMS-code login: the login page shows them beside it (shared/sessionEnd.ts). They were toasted
  // on the way there, and the login opened on its password tab.
  it('is not toasted: its words go to the way to /login, which shows them beside the SMS-code login', async () => {
    useSession.getState().setSession(staffInfo(), []);
    const gone = answer(410, ELSEWHERE, 'ADMIN_SET_PASSWORD');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(gone.res));
    const call = request('GET', '/usr/session', undefined, { silent: true }).catch((e) => e);
    gone.release();
    expect(await call).toMatchObject({ status: 410, message: ELSEWHERE });
    expect(shown).toEqual([]);
    expect(ended).toEqual([410]);
    expect(ends).toEqual([{ adminPassword: { words: ELSEWHERE, noPhone: false } }]);
  });

  it('tells the way to /login the account has no phone number to receive a code', async () => {
    useSession.getState().setSession(staffInfo({ phone: '' }), []);
    const gone = answer(410, ELSEWHERE, 'ADMIN_SET_PASSWORD');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(gone.res));
    const call = request('GET', '/a').catch((e) => e);
    gone.release();
    await call;
    expect(ends).toEqual([{ adminPassword: { words: ELSEWHERE, noPhone: true } }]);
  });

  it('a 410 without the code is toasted as before', async () => {
    const gone = answer(410, PASSWORD_CHANGED);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(gone.res));
    const call = request('GET', '/a').catch((e) => e);
    gone.release();
    await call;
    expect(shown).toEqual([PASSWORD_CHANGED]);
    expect(ends).toEqual([{}]);
  });
});

describe('401', () => {
  it('an expired session says 登录过期 once for all its calls and goes to /login once', async () => {
    const calls = [answer(401, EXPIRED), answer(401, EXPIRED), answer(401, EXPIRED)];
    const fetch = vi.fn();
    for (const c of calls) fetch.mockResolvedValueOnce(c.res);
    vi.stubGlobal('fetch', fetch);
    const pending = ['/a', '/b', '/c'].map((u) => request('GET', u).catch((e) => e));
    for (const c of calls) c.release();
    const errors = await Promise.all(pending);
    expect(shown).toEqual([EXPIRED]);
    expect(ended).toEqual([401]);
    expect(errors.map((e) => (e as RequestError).status)).toEqual([401, 401, 401]);
  });

  it('without a session (a wrong password) is an ordinary error with the server’s words, and no redirect', async () => {
    clearMarker();
    const wrong = answer(401, '账号或密码错误');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(wrong.res));
    const call = request('POST', '/usr/session', { account: 'x', password: 'y' }).catch((e) => e);
    wrong.release();
    expect(await call).toMatchObject({ status: 401, message: '账号或密码错误' });
    expect(shown).toEqual(['账号或密码错误']);
    expect(ended).toEqual([]);
  });
});
