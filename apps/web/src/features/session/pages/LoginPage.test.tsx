// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import LoginPage from './LoginPage';

describe('login form', () => {
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
});
