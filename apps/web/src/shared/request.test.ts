// @vitest-environment jsdom
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RequestError, request, setSessionEndedHandler } from './request';

const PASSWORD_CHANGED = '密码已修改，请重新登录';
const EXPIRED = '登录过期，请重新登录';

/** An answer whose body arrives when `release` is called (the console reads the status, then waits for the body). */
function answer(status: number, detail: string) {
  let release = () => {};
  const body = new Promise<unknown>((resolve) => {
    release = () => resolve({ title: status === 410 ? 'Gone' : 'Unauthorized', status, detail });
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
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  clock += 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  shown = [];
  ended = [];
  vi.spyOn(message, 'error').mockImplementation(((text: string) => {
    shown.push(text);
  }) as unknown as typeof message.error);
  setSessionEndedHandler((reason) => ended.push(reason));
  setMarker();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearMarker();
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
