import { PROBLEM_CODE, REQUEST_TIMEOUT_MS, SYSTEM_CODE, SYSTEM_NAME } from '@huoke/contracts/constants';
import { message } from 'antd';
import i18n from './i18n';
import { hasSession, resetSession, useSession } from './session';
import { loginAfterEnd } from './sessionEnd';

/**
 * What every console call sends besides its body: the system's name, no caching, and the reader's language (the
 * server answers refusals in it). The request client and the form upload both send these.
 */
export const consoleHeaders = () => ({
  'x-system-code': SYSTEM_CODE,
  'x-system-name': SYSTEM_NAME,
  'cache-control': 'no-cache',
  pragma: 'no-cache',
  'accept-language': i18n.language || 'zh-CN',
});

const MESSAGE_SECONDS = 5;

export interface RequestOptions {
  /** Do not show the error message (the caller shows its own). 401/410 still lead to /login. */
  silent?: boolean;
  /**
   * The caller shows a refusal of an administrator-set password (isAdminPasswordRefusal) itself, beside the way out
   * its words name (SmsLoginOffer): that one is not toasted as well. Every other error is, and so is that refusal
   * from a call whose page has no such place.
   */
  adminRefusalShown?: boolean;
  /** Extra headers. */
  headers?: Record<string, string>;
  /**
   * A 401/410 of this call is about the call, not the session (e.g. a spent `?key=`): it is an ordinary error and
   * the current session stays.
   */
  notSession?: boolean;
}

/** A rejected call: HTTP status (0 for network/time-out) and the problem+json body. */
export class RequestError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** A call that got no answer at all: the network, a timeout, or the page being left while it was under way. */
export const unanswered = (e: unknown): e is RequestError => e instanceof RequestError && e.status === 0;

/**
 * The server's refusal of a login with an administrator-set password (code ADMIN_SET_PASSWORD, whatever its status),
 * told by its code in any language. Where a call says it shows it (RequestOptions.adminRefusalShown), its words are
 * shown once, beside the way out they name (SmsLoginOffer's 使用验证码登录), and not toasted as well.
 */
const isAdminPasswordProblem = (data: unknown) =>
  (data as { code?: unknown } | null | undefined)?.code === PROBLEM_CODE.adminSetPassword;
export const isAdminPasswordRefusal = (error: unknown): error is RequestError =>
  error instanceof RequestError && isAdminPasswordProblem(error.data);

/** What the way to /login needs to know of a session's end besides its status. */
export interface SessionEnd {
  /**
   * The session ended with the refusal of a login with an administrator-set password (isAdminPasswordRefusal; a 410
   * when the held session was read in a company its password does not open). Its words name the way out, the
   * SMS-code login: the login page shows them beside it, so the request client does not toast them. `noPhone`: the
   * account had no phone number to receive a code (the words then ask to bind one first, after a password login).
   */
  adminPassword?: { words: string; noPhone: boolean };
}

type Redirect = (reason: 401 | 410, end: SessionEnd) => void;
let onSessionEnded: Redirect = (_reason, end) => {
  const login = loginAfterEnd(location.pathname, location.search, end);
  if (login) location.assign(login.to);
};
/**
 * The app installs a router-aware redirect to /login (keeps the message on screen). It shows the words of
 * `end.adminPassword` itself, on the login page: the request client toasts every other end's.
 */
export function setSessionEndedHandler(fn: Redirect) {
  onSessionEnded = fn;
}

/**
 * Which session a call was sent in. Ending a session (by the user or by a 401/410) starts a new epoch: the 401/410
 * answers of calls sent before it are the ended session's echoes, not news; they are rejected without a word.
 */
let epoch = 0;
/** Voluntary session ends under way (logout, password or phone change): their calls' 401/410 are expected. */
let leaving = 0;

/**
 * The user is ending the session (logout, password change, phone change): until the returned `done` is called, no
 * 401/410 shows a message or redirects; `done` also silences the calls still under way. Call `done` once the
 * session is reset (or the change failed and the session goes on).
 */
export function sessionLeaving(): () => void {
  leaving++;
  let called = false;
  return () => {
    if (called) return;
    called = true;
    leaving--;
    epoch++;
  };
}

/**
 * Calls sent and not yet decided (answered and, for a 401/410, handled). When a session ends, the first answer to
 * say so clears the session cookies as it arrives, before the console has read it: a call the browser sends in that
 * moment goes without the cookie and answers 401, which says nothing of why, and may be read first. So a 401 waits
 * until the other calls under way are decided (at most `FELLOWS_MS`): a 410 among them tells the reason and ends
 * the session, and the 401 is its echo.
 */
let undecided = 0;
const onAllDecided: (() => void)[] = [];
const FELLOWS_MS = 2000;

function decided() {
  undecided--;
  if (undecided === 0) for (const wake of onAllDecided.splice(0)) wake();
}

/** Resolves when every other call under way is decided, or after `FELLOWS_MS` (a slow upload holds nothing up). */
function fellowsDecided(): Promise<void> {
  if (undecided === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FELLOWS_MS);
    onAllDecided.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

let lastEnded = 0;
function sessionEnded(status: 401 | 410, text: string, sentIn: number, data: unknown) {
  // Several calls fail together when a session ends: one message, one redirect.
  if (leaving > 0 || sentIn !== epoch) return;
  epoch++;
  const now = Date.now();
  if (now - lastEnded < 2000) return;
  lastEnded = now;
  const end: SessionEnd = {};
  if (isAdminPasswordProblem(data)) {
    // Read before the reset: an account without a phone number has no code to log in with yet.
    const info = useSession.getState().info;
    end.adminPassword = { words: textOf(data, text), noPhone: info !== null && !info.profile.phone };
  } else message.error(text, MESSAGE_SECONDS);
  resetSession();
  onSessionEnded(status, end);
}

/**
 * Takes every message off the screen: a refusal the request client showed (账号或密码错误 of the try before) is over
 * once the next try succeeds, and must not greet the page it leads to. The client's own `message`, so the refusals it
 * showed are the ones taken (a page's `antd/es/message` is another instance in the unit tests' pre-bundle).
 */
export const clearMessages = () => message.destroy();

/** The words of an answer: its text, or a problem's detail (title, error, message); `fallback` when it has none. */
export function textOf(data: unknown, fallback: string): string {
  if (typeof data === 'string') return data || fallback;
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    for (const k of ['detail', 'title', 'error', 'message'])
      if (typeof d[k] === 'string' && d[k]) return d[k] as string;
  }
  return fallback;
}

/** What a call notes of the session as it goes: read before, for the answer may clear the marker (401, 410). */
interface Sent {
  loggedIn: boolean;
  epoch: number;
  whileLeaving: boolean;
}
const sentNow = (): Sent => ({ loggedIn: hasSession(), epoch, whileLeaving: leaving > 0 });

/**
 * The session's part of an answer: a 401 of a logged-in call or a 410 ends the session (sessionEnded: its words, the
 * way to /login). Answers the error to reject the call with when the answer ended the session or was the echo of its
 * end; `null` for any other answer, an ordinary error (a 401 without a session: a wrong password).
 */
async function sessionAnswer(
  status: number,
  statusText: string,
  data: unknown,
  sent: Sent,
  decide: () => void,
): Promise<RequestError | null> {
  const echo = () => sent.whileLeaving || leaving > 0 || sent.epoch !== epoch;
  if (status === 401) {
    // Another answer under way may be the one that ended the session and says why (see `undecided`).
    decide();
    if (!echo()) await fellowsDecided();
    // A 401 of a call sent or answered while the user ends the session (a page still mounting as logout runs),
    // or in a session that has ended meanwhile: the end's echo, rejected without a word.
    if (echo()) return new RequestError(i18n.t('common:request.expired'), 401, data);
    // 401 of a logged-in call: the session expired. Without a session (e.g. a wrong password) it is an ordinary
    // error.
    if (!sent.loggedIn) return null;
    const text = i18n.t('common:request.expired');
    sessionEnded(401, text, sent.epoch, data);
    return new RequestError(text, 401, data);
  }
  if (status === 410) {
    const text = textOf(data, statusText || 'Gone');
    sessionEnded(410, text, sent.epoch, data);
    return new RequestError(text, 410, data);
  }
  return null;
}

/**
 * For a call sent past this client (the form upload, for its progress events): call before it goes, then give the
 * returned function its answer's status. A 401/410 ends the session as any call's does, from the answer itself (its
 * words, a held login's on the login page, on its SMS-code tab): a session call sent after it would go without the
 * cookie that answer cleared, and its 401 knows nothing of why. Resolves true when the answer ended the session (or
 * was its end's echo): said, nothing more to say.
 */
export function watchSession(): (status: number, statusText: string, data: unknown) => Promise<boolean> {
  const sent = sentNow();
  return async (status, statusText, data) =>
    (status === 401 || status === 410) && (await sessionAnswer(status, statusText, data, sent, () => {})) !== null;
}

/**
 * The one request client (SPEC §7 headers, §8 error catalogue). `url` is under `/api`
 * (file calls use `'/fs/…'`). A FormData body is sent as multipart.
 */
export async function request<T>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  undecided++;
  let open = true;
  const decide = () => {
    if (open) {
      open = false;
      decided();
    }
  };
  try {
    return await send<T>(method, url, body, opts, decide);
  } finally {
    decide();
  }
}

async function send<T>(
  method: string,
  url: string,
  body: unknown,
  opts: RequestOptions,
  decide: () => void,
): Promise<T> {
  const sent = sentNow();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`/api${url}`, {
      method,
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...consoleHeaders(),
        ...opts.headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      // The session is the HttpOnly cookie the server set; it goes with same-origin calls only.
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    const timedOut = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    const text = timedOut ? i18n.t('common:request.timeout') : i18n.t('common:request.network');
    if (!opts.silent) message.error(text, MESSAGE_SECONDS);
    throw new RequestError(text, 0);
  }
  const type = res.headers.get('content-type') ?? '';
  const data: unknown =
    res.status === 204 ? undefined : type.includes('json') ? await res.json().catch(() => undefined) : await res.text();
  if (res.ok) return data as T;

  if (!opts.notSession) {
    const ended = await sessionAnswer(res.status, res.statusText, data, sent, decide);
    if (ended) throw ended;
  }
  const text =
    res.status >= 500
      ? typeof data === 'string' && data
        ? data
        : textOf(data, res.statusText)
      : textOf(data, res.statusText || String(res.status));
  if (!opts.silent && !(opts.adminRefusalShown && isAdminPasswordProblem(data))) message.error(text, MESSAGE_SECONDS);
  throw new RequestError(text, res.status, data);
}
