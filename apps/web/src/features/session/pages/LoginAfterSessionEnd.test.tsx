// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { HttpResponse, http } from 'msw';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardLoader } from '../../../app/guard';
import { ExportButton } from '../../../shared/content-stats/components/ExportButton';
import { FORM_CONFIG } from '../../../shared/form';
import i18n from '../../../shared/i18n';
import { clearMessages, request, setSessionEndedHandler } from '../../../shared/request';
import { useSession } from '../../../shared/session';
import { goToLogin } from '../../../shared/sessionEnd';
import { staffInfo } from '../../../test/fixtures';
import { ADMIN_PASSWORD_ELSEWHERE, toastsSaying } from '../../../test/problem';
import { server } from '../../../test/render';
import { UploadButton, useDocumentUpload } from '../../documents/components/UploadButton';
import ChooseCompanyPage from './ChooseCompanyPage';
import LoginPage from './LoginPage';

const NO_PHONE_WORDS =
  '您的密码由企业管理员设置，不能用于进入或加入其他企业，请先绑定本人手机号，再使用手机号验证码登录后重试';
const PASSWORD_CHANGED = '密码已修改，请重新登录';

/** A console page whose call finds its session ended: the server answers `body` with 410. */
function CustomersPage() {
  useEffect(() => {
    request('GET', '/customers').catch(() => {});
  }, []);
  return <p>客户列表</p>;
}
const gone = (body: Record<string, unknown>) =>
  server.use(
    http.get('/api/customers', () =>
      HttpResponse.json(
        { status: 410, title: 'Gone', ...body },
        { status: 410, headers: { 'content-type': 'application/problem+json' } },
      ),
    ),
  );

/**
 * /customers?page=2 open in the console, its way to /login the app's (goToLogin). `guarded`: the console opens at
 * that address, its guard loading the session first (a reload).
 */
function openCustomers(guarded = false) {
  return openAt(
    '/customers?page=2',
    guarded
      ? { path: '/', loader: guardLoader, children: [{ path: 'customers', element: <p>客户列表</p> }] }
      : { path: '/customers', element: <CustomersPage /> },
  );
}

/** The console at `address`, showing `page`, its way to /login the app's (goToLogin). */
function openAt(address: string, page: RouteObject) {
  const router = createMemoryRouter([page, { path: '/login', element: <LoginPage /> }], {
    initialEntries: [address],
  });
  setSessionEndedHandler((_reason, end) => goToLogin(router, end));
  const client = new QueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={zhCN} form={FORM_CONFIG}>
        <AntApp>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return router;
}

/** The words on the login page (antd's toasts are alerts too). */
const onPage = async () => (await waitFor(() => document.querySelector('.ant-alert') ?? fail())).textContent;
const fail = (): never => {
  throw new Error('no alert on the page');
};
const selected = (name: string) => screen.getByRole('tab', { name }).getAttribute('aria-selected');
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

/** The request client says one session end in two seconds: each test starts a minute after the one before. */
let clock = Date.now();
beforeEach(() => {
  clock += 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  clearMessages();
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = 'huoke_session=1; Path=/';
  useSession.getState().setSession(staffInfo(), []);
});
afterEach(() => {
  vi.useRealTimers();
  useSession.getState().clear();
});

describe('the login after a session a held login ended (410 with the code ADMIN_SET_PASSWORD)', () => {
  // It opened on the password tab with the words in a passing toast: the user had to find 手机号登录 alone.
  it('opens on 手机号登录 with the refusal’s words on the page once, no toast, and goes back to the page after', async () => {
    gone({ detail: ADMIN_PASSWORD_ELSEWHERE, code: 'ADMIN_SET_PASSWORD' });
    const router = openCustomers();
    expect(await onPage()).toContain(ADMIN_PASSWORD_ELSEWHERE);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?tab=phone&redirect=%2Fcustomers%3Fpage%3D2');
    expect(selected('手机号登录')).toBe('true');
    expect(screen.getByLabelText('手机号')).toBeTruthy();
    await settle();
    expect(toastsSaying(ADMIN_PASSWORD_ELSEWHERE)).toHaveLength(0);
    expect(screen.getAllByText(ADMIN_PASSWORD_ELSEWHERE)).toHaveLength(1);
  });

  // The words travelled in the navigation state, which the browser keeps over a reload: a reload of the login page
  // said them again, long after the session they were about.
  it('says the words once: they stay on the page but leave the navigation state a reload would show again', async () => {
    gone({ detail: ADMIN_PASSWORD_ELSEWHERE, code: 'ADMIN_SET_PASSWORD' });
    const router = openCustomers();
    expect(await onPage()).toContain(ADMIN_PASSWORD_ELSEWHERE);
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.search).toBe('?tab=phone&redirect=%2Fcustomers%3Fpage%3D2');
    expect(selected('手机号登录')).toBe('true');
    await settle();
    expect(screen.getAllByText(ADMIN_PASSWORD_ELSEWHERE)).toHaveLength(1);
  });

  // The console opened (a reload) in a session held out of its company: the guard's session load answers 410.
  it('opens on 手机号登录 with the words when the guard’s session load is the call that ends it', async () => {
    useSession.getState().clear();
    server.use(
      http.get('/api/usr/session', () =>
        HttpResponse.json(
          { status: 410, title: 'Gone', detail: ADMIN_PASSWORD_ELSEWHERE, code: 'ADMIN_SET_PASSWORD' },
          { status: 410, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
      http.get('/api/usr/menus/routers', () => HttpResponse.json({ data: [] })),
    );
    const router = openCustomers(true);
    expect(await onPage()).toContain(ADMIN_PASSWORD_ELSEWHERE);
    expect(router.state.location.search).toBe('?tab=phone&redirect=%2Fcustomers%3Fpage%3D2');
    expect(selected('手机号登录')).toBe('true');
    await settle();
    expect(screen.getAllByText(ADMIN_PASSWORD_ELSEWHERE)).toHaveLength(1);
  });

  // No code can reach an account without a phone number: its words ask to log in and bind one first.
  it('opens on 账号登录 for an account without a phone number, the words on the page', async () => {
    useSession.getState().setSession(staffInfo({ phone: '' }), []);
    gone({ detail: NO_PHONE_WORDS, code: 'ADMIN_SET_PASSWORD' });
    const router = openCustomers();
    expect(await onPage()).toContain(NO_PHONE_WORDS);
    expect(router.state.location.search).toBe('?redirect=%2Fcustomers%3Fpage%3D2');
    expect(selected('账号登录')).toBe('true');
    await settle();
    expect(toastsSaying(NO_PHONE_WORDS)).toHaveLength(0);
  });

  it('a session ended otherwise still goes to 账号登录, its reason toasted and not on the page', async () => {
    gone({ detail: PASSWORD_CHANGED });
    const router = openCustomers();
    await screen.findByLabelText('账号');
    expect(router.state.location.search).toBe('?redirect=%2Fcustomers%3Fpage%3D2');
    expect(selected('账号登录')).toBe('true');
    await settle();
    expect(toastsSaying(PASSWORD_CHANGED)).toHaveLength(1);
    expect(document.querySelector('.ant-alert')).toBeNull();
  });
});

describe('the login after a session a held login ended on 选择企业', () => {
  // The login came on its way back to 选择企业 (redirect=/choose-company?redirect=/leads): after the SMS login,
  // 选择企业 came on its way to itself, and a company picked there opened 选择企业 again.
  it('goes back to the page 选择企业 was on its way to', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json(
          { status: 410, title: 'Gone', detail: ADMIN_PASSWORD_ELSEWHERE, code: 'ADMIN_SET_PASSWORD' },
          { status: 410, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const router = openAt('/choose-company?redirect=%2Fleads', {
      path: '/choose-company',
      element: <ChooseCompanyPage />,
    });
    expect(await onPage()).toContain(ADMIN_PASSWORD_ELSEWHERE);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?tab=phone&redirect=%2Fleads');
  });
});

/** The server's answer to a call without a session cookie. */
const expired = () =>
  HttpResponse.json(
    { status: 401, title: 'Unauthorized', detail: '登录过期，请重新登录' },
    { status: 401, headers: { 'content-type': 'application/problem+json' } },
  );

/** 文件管理's 上传文件. */
function DocumentsToolbar() {
  const upload = useDocumentUpload({ isEnterprise: false });
  return <UploadButton upload={upload} />;
}

describe('the login after an upload a held login’s session refused (410 with the code ADMIN_SET_PASSWORD)', () => {
  // The upload's 410 went unread: the console asked the server for the session instead, and that call, sent without
  // the cookie the 410 had just cleared, answered 401 登录过期. The user saw 登录过期 and stayed on the page, on
  // neither the SMS-code login nor the words that name it; the next file of the batch went and met no session either.
  it('opens on 手机号登录 with the refusal’s words on the page, and goes back to the page after', async () => {
    let uploads = 0;
    server.use(
      http.post('/api/fs/Files/AttachmentUpload', () => {
        // Sent after the 410, a file meets no session (the cookie is gone).
        if (uploads++ > 0) return expired();
        // The server's answer drops the session cookies with the 410 (plugins/auth.ts).
        // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
        document.cookie = 'huoke_session=; Path=/; Max-Age=0';
        return HttpResponse.json(
          { status: 410, title: 'Gone', detail: ADMIN_PASSWORD_ELSEWHERE, code: 'ADMIN_SET_PASSWORD' },
          { status: 410, headers: { 'content-type': 'application/problem+json' } },
        );
      }),
      // What a session call sent after it meets: no cookie, no session.
      http.get('/api/usr/session', expired),
    );
    const router = openAt('/documents?tab=mine', { path: '/documents', element: <DocumentsToolbar /> });
    fireEvent.change(await screen.findByTestId('document-upload-input'), {
      target: {
        files: [
          new File([new Uint8Array(16)], '手册.pdf', { type: 'application/pdf' }),
          new File([new Uint8Array(16)], '报价.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    expect(await onPage()).toContain(ADMIN_PASSWORD_ELSEWHERE);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?tab=phone&redirect=%2Fdocuments%3Ftab%3Dmine');
    expect(selected('手机号登录')).toBe('true');
    await settle();
    expect(toastsSaying(ADMIN_PASSWORD_ELSEWHERE)).toHaveLength(0);
    // The second file does not go after the session that ended: it would meet no session (401, 登录过期 again).
    expect(toastsSaying('登录过期')).toHaveLength(0);
    expect(uploads).toBe(1);
    expect(screen.getAllByText(ADMIN_PASSWORD_ELSEWHERE)).toHaveLength(1);
  });
});

describe('the login after an export a held login’s session refused (410 with the code ADMIN_SET_PASSWORD)', () => {
  // The CSV download read any refusal as "HTTP 410" and said 导出失败，请重试: the user stayed on a page whose session
  // had ended, on neither the SMS-code login nor the words that name it.
  it('opens on 手机号登录 with the refusal’s words on the page, not 导出失败', async () => {
    server.use(
      http.get('/api/stats/exports/visitors', () =>
        HttpResponse.json(
          { status: 410, title: 'Gone', detail: ADMIN_PASSWORD_ELSEWHERE, code: 'ADMIN_SET_PASSWORD' },
          { status: 410, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const router = openAt('/private-guest/radar', {
      path: '/private-guest/radar',
      element: <ExportButton url="/stats/exports/visitors" testId="export-visitors" />,
    });
    fireEvent.click(await screen.findByTestId('export-visitors'));
    expect(await onPage()).toContain(ADMIN_PASSWORD_ELSEWHERE);
    expect(router.state.location.search).toBe('?tab=phone&redirect=%2Fprivate-guest%2Fradar');
    expect(selected('手机号登录')).toBe('true');
    await settle();
    expect(toastsSaying('导出失败')).toHaveLength(0);
    expect(screen.getAllByText(ADMIN_PASSWORD_ELSEWHERE)).toHaveLength(1);
  });
});
