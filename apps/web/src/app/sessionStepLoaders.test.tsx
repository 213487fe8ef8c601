// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import BindMobilePage from '../features/session/pages/BindMobilePage';
import i18n from '../shared/i18n';
import { companyItem, staffInfo } from '../test/fixtures';
import { renderView, server } from '../test/render';
import { bindMobileLoader, chooseCompanyLoader } from './sessionStepLoaders';

/** The two login steps with their loaders, a stand-in page each, and the workbench they may send the user to. */
function openAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/bind-mobile', loader: bindMobileLoader, element: <p>绑定手机号页</p> },
      { path: '/choose-company', loader: chooseCompanyLoader, element: <p>选择企业页</p> },
      { path: '/', element: <p>工作台</p> },
      { path: '/home', element: <p>首页</p> },
      { path: '/login', element: <p>登录页</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const companies = (n: number) =>
  server.use(
    http.get('/api/usr/users/GetCompanys', () =>
      HttpResponse.json({ data: Array.from({ length: n }, (_, i) => companyItem(i + 1, `企业${i + 1}`, i === 0)) }),
    ),
  );
const phone = (p: string) => server.use(http.get('/api/usr/session', () => HttpResponse.json(staffInfo({ phone: p }))));

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = 'huoke_session=1; Path=/';
});
afterEach(async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = 'huoke_session=; Path=/; Max-Age=0';
  await i18n.changeLanguage('zh-CN');
});

describe('a login step opened without a session', () => {
  // The login came on its way back to the step (redirect=/choose-company?redirect=/home): after it, 选择企业 came on its
  // way to itself, and a company picked there opened 选择企业 again.
  it('goes to the login on its way to the page the step was going to', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
    document.cookie = 'huoke_session=; Path=/; Max-Age=0';
    const router = openAt('/choose-company?redirect=%2Fhome');
    await screen.findByText('登录页');
    expect(router.state.location.search).toBe('?redirect=%2Fhome');
  });
});

describe('the login steps open only when they apply', () => {
  // staff1, of one company, read "You belong to several companies…" there.
  it('/choose-company sends a member of one company on to its redirect target, or /', async () => {
    companies(1);
    const router = openAt('/choose-company?redirect=%2Fhome');
    await screen.findByText('首页');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('/choose-company stays for a member of several companies', async () => {
    companies(2);
    openAt('/choose-company');
    await screen.findByText('选择企业页');
  });

  // It asked an account that already had a mobile to bind one.
  it('/bind-mobile sends an account with a mobile to /', async () => {
    phone('13800000003');
    const router = openAt('/bind-mobile');
    await screen.findByText('工作台');
    expect(router.state.location.pathname).toBe('/');
  });

  it('/bind-mobile stays for an account without a mobile', async () => {
    phone('');
    openAt('/bind-mobile');
    await screen.findByText('绑定手机号页');
  });

  // "account’ s safety": the curly apostrophe came from a CJK font, full width, a gap after it.
  it("says the English tip with a plain apostrophe (a CJK font's curly one stood apart)", async () => {
    await i18n.changeLanguage('en');
    renderView(<BindMobilePage />);
    expect(await screen.findByText("For your account's safety, please link a phone number first")).toBeTruthy();
  });
});
