// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearMessages } from '../../../shared/request';
import { useSession } from '../../../shared/session';
import { companyItem, staffInfo } from '../../../test/fixtures';
import { adminPasswordRefusal, refusalShown, serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import ChooseCompanyPage from './ChooseCompanyPage';

describe('选择企业 after login', () => {
  // A failed call left the page with its tip and no company, nothing said: the user could only go back to login.
  it('says the list failed to load and 重试 loads the companies', async () => {
    let fail = true;
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        fail
          ? serverFailure()
          : HttpResponse.json({ data: [companyItem(1, '演示科技有限公司', true), companyItem(2, '示例传媒', false)] }),
      ),
    );
    const user = userEvent.setup();
    renderView(<ChooseCompanyPage />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: /演示科技有限公司/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /示例传媒/ })).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});

describe('选择企业 after login refused for an administrator-set password', () => {
  // The words were a toast alone, without the way out they name (使用验证码登录 in the switch dialog).
  // 使用验证码登录 opened /login?tab=phone alone: after the SMS login the user landed on the workbench, not on the page
  // the login was on its way to (this page's own redirect; this page itself is a step of the login, not a target).
  it('says the refusal once, beside 使用验证码登录, which opens the login on its SMS-code tab, on its way to the page', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({ data: [companyItem(1, '演示科技有限公司', true), companyItem(2, '示例传媒', false)] }),
      ),
      http.get('/api/usr/session/SwitchToken/:id', adminPasswordRefusal),
      http.delete('/api/usr/session', () => HttpResponse.json({ ok: true })),
    );
    clearMessages();
    const user = userEvent.setup();
    renderView(
      <>
        <ChooseCompanyPage />
        <Where />
      </>,
      { path: `/choose-company?redirect=${encodeURIComponent('/leads?tab=hot')}` },
    );
    await user.click(await screen.findByRole('button', { name: /示例传媒/ }));
    await user.click(await confirmButton());
    const way = await screen.findByRole('button', { name: '使用验证码登录' });
    expect(await refusalShown(way)).toEqual({ toasts: 0, beside: true });
    await user.click(way);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(
        `/login?tab=phone&redirect=${encodeURIComponent('/leads?tab=hot')}`,
      ),
    );
  });

  // Without a page to go on to (a login that went to the workbench), the login goes to the workbench again: no
  // redirect back to this page, which is a step of the login, not a page to return to.
  it('opens the login with no redirect when this page had none', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({ data: [companyItem(1, '演示科技有限公司', true), companyItem(2, '示例传媒', false)] }),
      ),
      http.get('/api/usr/session/SwitchToken/:id', adminPasswordRefusal),
      http.delete('/api/usr/session', () => HttpResponse.json({ ok: true })),
    );
    clearMessages();
    const user = userEvent.setup();
    renderView(
      <>
        <ChooseCompanyPage />
        <Where />
      </>,
      { path: '/choose-company' },
    );
    await user.click(await screen.findByRole('button', { name: /示例传媒/ }));
    await user.click(await confirmButton());
    await user.click(await screen.findByRole('button', { name: '使用验证码登录' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/login?tab=phone'));
  });
});

describe('选择企业 after login refused for an administrator-set password, an account without a phone number', () => {
  afterEach(() => useSession.getState().clear());
  // 绑定手机号 opened /bind-mobile on its way back to this page (redirect=/choose-company?redirect=…): after binding,
  // 选择企业 came on its way to itself, and a company picked there opened 选择企业 again.
  it('offers 绑定手机号, which opens the bind-mobile page on its way to the page this one was going to', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({ data: [companyItem(1, '演示科技有限公司', true), companyItem(2, '示例传媒', false)] }),
      ),
      http.get('/api/usr/session/SwitchToken/:id', adminPasswordRefusal),
    );
    useSession.getState().setSession(staffInfo({ phone: '' }), []);
    clearMessages();
    const user = userEvent.setup();
    renderView(
      <>
        <ChooseCompanyPage />
        <Where />
      </>,
      { path: `/choose-company?redirect=${encodeURIComponent('/leads')}` },
    );
    await user.click(await screen.findByRole('button', { name: /示例传媒/ }));
    await user.click(await confirmButton());
    expect(screen.queryByRole('button', { name: '使用验证码登录' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: '绑定手机号' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(
        `/bind-mobile?redirect=${encodeURIComponent('/leads')}`,
      ),
    );
  });
});

describe('选择企业’s 退出登录', () => {
  // It removed the console's marker cookie and opened /login, but never told the server: the session cookie
  // (HttpOnly, out of the page's reach) stayed valid in the browser.
  it('ends the session on the server, then opens the login page', async () => {
    let ended = 0;
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({ data: [companyItem(1, '演示科技有限公司', true), companyItem(2, '示例传媒', false)] }),
      ),
      http.delete('/api/usr/session', () => {
        ended++;
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderView(
      <>
        <ChooseCompanyPage />
        <Where />
      </>,
      { path: '/choose-company' },
    );
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/login'));
    expect(ended).toBe(1);
  });
});

/** Whether a pointer reaches the element, as user-event decides: the nearest pointer-events set, itself or a parent's. */
const reachable = (el: HTMLElement) => {
  for (let e: HTMLElement | null = el; e; e = e.parentElement) {
    const set = getComputedStyle(e).pointerEvents;
    if (set) return set !== 'none';
  }
  return true;
};

/** The open question's 确定, once it is the only one a pointer reaches (the last test's may still be closing). */
async function confirmButton() {
  let button: HTMLElement | undefined;
  await waitFor(() => {
    const open = screen.queryAllByRole('button', { name: /确\s?定/ }).filter(reachable);
    expect(open).toHaveLength(1);
    button = open[0];
  });
  return button as HTMLElement;
}

/** Where the router is: the page a button opened. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}
