// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearMessages } from '../../../shared/request';
import { companyItem } from '../../../test/fixtures';
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
  it('says the refusal once, beside 使用验证码登录, which opens the login on its SMS-code tab', async () => {
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
    await user.click(await screen.findByRole('button', { name: /确\s?定/ }));
    const way = await screen.findByRole('button', { name: '使用验证码登录' });
    expect(await refusalShown(way)).toEqual({ toasts: 0, beside: true });
    await user.click(way);
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/login?tab=phone'));
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

/** Where the router is: the page a button opened. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}
