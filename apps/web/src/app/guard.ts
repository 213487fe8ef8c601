import { menusRoutes } from '@huoke/contracts/routes/menus';
import { sessionRoutes } from '@huoke/contracts/routes/session';
import { message } from 'antd';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { call } from '../shared/call';
import i18n from '../shared/i18n';
import { RequestError, unanswered } from '../shared/request';
import { clearSessionState, hasSession, resetSession, useSession } from '../shared/session';
import { returnTarget } from '../shared/sessionEnd';
import { landingInstead } from './landing';
import { mayOpen } from './routeAccess';

/** The login, back to the page afterwards (on a step of the login, the page that step was going to: returnTarget). */
const loginPath = (url: URL) => {
  const target = returnTarget(url.pathname, url.search);
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
};

const exchanges = new Map<string, Promise<void>>();
/** One exchange per key, shared by every loader of the navigation (they run in parallel). */
function exchangeKey(key: string): Promise<void> {
  let p = exchanges.get(key);
  if (!p) {
    // A spent or expired key answers 401, and a key of another account than the browser is signed in to 409
    // (a link may not swap the account): the key's failure, not the session's. A logged-in user keeps
    // the session and is told the key is invalid; without a session the guard sends the user to /login.
    // The answer sets the new session cookie; the previous session's user info goes.
    p = call(sessionRoutes.loginSecretKey, { params: { key } }, { notSession: true })
      .then(() => clearSessionState())
      .catch(() => {
        // The request client showed why.
      });
    exchanges.set(key, p);
  }
  return p;
}

/** With `?key=`: waits for its exchange, then throws the redirect to the same address without the key. */
async function settleKey(url: URL) {
  const key = url.searchParams.get('key');
  if (!key) return;
  await exchangeKey(key);
  url.searchParams.delete('key');
  throw redirect(url.pathname + url.search + url.hash);
}

/** `?key=` on any route is exchanged for a token first, then the key leaves the address bar. */
export async function keyLoader({ request }: LoaderFunctionArgs) {
  await settleKey(new URL(request.url));
  return null;
}

/** A logged-in user visiting /login goes to /. */
export async function loginLoader({ request }: LoaderFunctionArgs) {
  await settleKey(new URL(request.url));
  if (hasSession()) throw redirect('/');
  return null;
}

async function loadSession(): Promise<void> {
  // Silent: the guard says what went wrong, once (see guardLoader).
  const [info, menus] = await Promise.all([
    call(sessionRoutes.userInfo, undefined, { silent: true }),
    call(menusRoutes.routers, undefined, { silent: true }),
  ]);
  if (!info?.profile) {
    message.error(i18n.t('common:request.emptyInfo'), 5);
    throw new Error(i18n.t('common:request.emptyInfo'));
  }
  useSession.getState().setSession(info, menus.data);
}

/**
 * The route guard (SPEC §4): no token → /login?redirect=…; a token without user info → load user info
 * and menus (the menu's views become routes); failure → token reset → /login.
 *
 * A failure without an answer says nothing about the session, and is not one of those failures: the route's error
 * screen offers 重试 and the session stays. A reload or a click while the console was still loading aborts these
 * calls; resetting then cleared the marker cookie from the page being left, and the next page opened at /login
 * though the session was alive (a journey that opened /home twice in a row on a loaded machine).
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await settleKey(url);
  if (!hasSession()) throw redirect(loginPath(url));
  const state = useSession.getState();
  if (!state.info || !state.menus) {
    try {
      await loadSession();
    } catch (e) {
      if (unanswered(e)) throw e;
      // 401 and 410 said why as they ended the session (request.ts); other answers are said here.
      if (e instanceof RequestError && e.status !== 401 && e.status !== 410) message.error(e.message, 5);
      resetSession();
      throw redirect(loginPath(url));
    }
  }
  const info = useSession.getState().info;
  if (info && !mayOpen(url.pathname, info)) throw redirect('/403');
  const landing = info && landingInstead(url.pathname, info);
  if (landing) throw redirect(landing);
  return null;
}

/** Routes that need a token but not the layout (bind mobile, choose company). */
export async function tokenLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await settleKey(url);
  if (!hasSession()) throw redirect(loginPath(url));
  return null;
}
