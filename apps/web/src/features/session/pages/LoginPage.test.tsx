// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { answerSendCode } from '../../../test/sms';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

describe('login form', () => {
  // The page opened with nothing focused: the first keys typed went nowhere until 账号 was clicked.
  it('opens with the cursor in 账号, and in 手机号 once 手机号登录 is chosen', async () => {
    const user = userEvent.setup();
    renderView(<LoginPage />, { path: '/login' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('账号')));
    await user.keyboard('admin');
    expect((screen.getByLabelText('账号') as HTMLInputElement).value).toBe('admin');
    await user.click(screen.getByRole('tab', { name: '手机号登录' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('手机号')));
  });

  // The way out of a refusal of an administrator-set password (使用验证码登录) lands on the SMS-code login.
  it('opens on 手机号登录 from /login?tab=phone, the cursor in 手机号', async () => {
    renderView(<LoginPage />, { path: '/login?tab=phone' });
    expect((await screen.findByRole('tab', { name: '手机号登录' })).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('手机号')));
    expect(screen.queryByLabelText('账号')).toBeNull();
  });

  it('asks for the account and the password before sending anything', async () => {
    const user = userEvent.setup();
    renderView(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
  });

  it('checks the phone number and the code in the phone tab', async () => {
    const user = userEvent.setup();
    renderView(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('tab', { name: '手机号登录' }));
    await user.type(screen.getByLabelText('手机号'), '12345');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
  });

  // Enter after the number submitted the form: 请输入验证码 under a code that was never sent.
  it('takes Enter after the number as 获取验证码 in the phone tab: a code is sent, the empty code is not marked', async () => {
    const user = userEvent.setup();
    const sent = answerSendCode();
    renderView(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('tab', { name: '手机号登录' }));
    await user.type(screen.getByLabelText('手机号'), '13800000009{Enter}');
    await screen.findByRole('button', { name: /\d+s/ });
    expect(sent.at(-1)?.phoneNo).toBe('13800000009');
    expect(screen.queryByText('请输入验证码')).toBeNull();
    // The code is on its way: Enter again goes on to 验证码.
    await user.type(screen.getByLabelText('手机号'), '{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText('验证码'));
  });

  it('shows the server message of a wrong password', async () => {
    server.use(
      http.post('/api/usr/session', () =>
        HttpResponse.json(
          { title: '账号或密码错误', status: 400 },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderView(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
  });

  it('takes the refusal of a wrong password away once the next try logs in', async () => {
    let tries = 0;
    server.use(
      http.post('/api/usr/session', () =>
        ++tries === 1
          ? HttpResponse.json(
              { title: '账号或密码错误', status: 400 },
              { status: 400, headers: { 'content-type': 'application/problem+json' } },
            )
          : HttpResponse.json({ token: 't' }),
      ),
      http.get('/api/usr/session', () => HttpResponse.json({}, { status: 500 })),
      http.get('/api/usr/users/GetCompanys', () => HttpResponse.json({ data: [] })),
    );
    const user = userEvent.setup();
    renderView(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    // (The test before may have left its own on screen: antd's messages are the page's.)
    expect((await screen.findAllByText('账号或密码错误')).length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('密码'));
    await user.type(screen.getByLabelText('密码'), 'huoke_2026');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(tries).toBe(2));
    // Leaving (jsdom never ends antd's fade, so a notice taken away stays in its leave state).
    const shown = () =>
      [...document.querySelectorAll('.ant-message-notice:not(.ant-message-fade-leave)')].filter((n) =>
        n.textContent?.includes('账号或密码错误'),
      );
    await waitFor(() => expect(shown()).toHaveLength(0), { timeout: 3000 });
  });
});

describe('the way to the other form', () => {
  // The open pages hold no antd component around the link: the page-wide `a` rule's colour variable was undefined
  // there, and 没有账号？立即注册 and 已有账号？去登录 read as plain black text.
  it('draws 没有账号？立即注册 and 已有账号？去登录 in the link colour', async () => {
    const linkColour = 'rgb(22, 119, 255)';
    const login = renderView(<LoginPage />, { path: '/login' });
    const toRegister = await screen.findByRole('link', { name: '没有账号？立即注册' });
    expect(getComputedStyle(toRegister).color).toBe(linkColour);
    login.unmount();
    renderView(<RegisterPage />, { path: '/register' });
    const toLogin = await screen.findByRole('link', { name: '已有账号？去登录' });
    expect(getComputedStyle(toLogin).color).toBe(linkColour);
  });
});
