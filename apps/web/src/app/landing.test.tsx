// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider, redirect } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../shared/session';
import { staffInfo } from '../test/fixtures';
import { server } from '../test/render';
import { guardLoader } from './guard';

/** The session routes as the console has them: the guard on the layout, / going on to /home. */
function openAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: guardLoader,
        shouldRevalidate: () => true,
        element: <Outlet />,
        children: [
          { index: true, loader: () => redirect('/home'), element: null },
          { path: 'home', element: <p>工作台</p> },
          { path: 'operator/review', element: <p>运营审核</p> },
        ],
      },
      { path: '/login', element: <p>登录</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const signedInAs = (isOperator: boolean) =>
  server.use(
    http.get('/api/usr/session', () => HttpResponse.json({ ...staffInfo(), isOperator })),
    http.get('/api/usr/menus/routers', () => HttpResponse.json({ data: [] })),
  );

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

describe('where the workbench sends the user', () => {
  // The operator landed on 写文章, 分享名片 and 未加入企业, though its only work is 运营审核.
  it('sends the operator from / (where login leads) and /home to its review', async () => {
    signedInAs(true);
    const router = openAt('/');
    await screen.findByText('运营审核');
    expect(router.state.location.pathname).toBe('/operator/review');
    await router.navigate('/home');
    await screen.findByText('运营审核');
    expect(router.state.location.pathname).toBe('/operator/review');
  });

  it('keeps everyone else on the workbench', async () => {
    signedInAs(false);
    const router = openAt('/');
    await screen.findByText('工作台');
    expect(router.state.location.pathname).toBe('/home');
  });
});
