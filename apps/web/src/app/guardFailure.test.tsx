// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasSession, useSession } from '../shared/session';
import { staffInfo } from '../test/fixtures';
import { server } from '../test/render';
import { guardLoader } from './guard';
import { RouteError } from './RouteError';

/** The console's guarded layout, with the routes' error screen, open at /home. */
function openHome() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: guardLoader,
        element: <Outlet />,
        errorElement: <RouteError />,
        children: [{ path: 'home', element: <p>工作台</p> }],
      },
      { path: '/login', element: <p>登录页</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const menus = http.get('/api/usr/menus/routers', () => HttpResponse.json({ data: [] }));

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = 'huoke_session=1; Path=/';
  useSession.getState().clear();
});
afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = 'huoke_session=; Path=/; Max-Age=0';
  useSession.getState().clear();
});

describe('the guard when the session cannot be loaded', () => {
  it('keeps the session when no answer came, says the server could not be reached, and 重试 opens the page', async () => {
    server.use(
      http.get('/api/usr/session', () => HttpResponse.error()),
      menus,
    );
    const router = openHome();
    await screen.findByText('无法连接服务器');
    expect(screen.getByText('网络异常，请检查网络连接')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(hasSession()).toBe(true);

    server.use(http.get('/api/usr/session', () => HttpResponse.json(staffInfo())));
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('工作台');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('asks again by itself when the browser is back online', async () => {
    server.use(
      http.get('/api/usr/session', () => HttpResponse.error()),
      menus,
    );
    const router = openHome();
    await screen.findByText('无法连接服务器');
    server.use(http.get('/api/usr/session', () => HttpResponse.json(staffInfo())));
    window.dispatchEvent(new Event('online'));
    await screen.findByText('工作台');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('goes to /login with the server’s words when it answered with a failure', async () => {
    server.use(
      http.get('/api/usr/session', () => HttpResponse.json({ detail: '系统繁忙' }, { status: 500 })),
      menus,
    );
    const router = openHome();
    await screen.findByText('登录页');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fhome');
    expect(hasSession()).toBe(false);
    expect(await screen.findByText('系统繁忙')).toBeTruthy();
  });
});
