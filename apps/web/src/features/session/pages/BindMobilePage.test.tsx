// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { companyItem } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import BindMobilePage from './BindMobilePage';

const problem = (detail: string, field: string) =>
  HttpResponse.json(
    { status: 400, title: 'Bad Request', detail, field },
    { status: 400, headers: { 'content-type': 'application/problem+json' } },
  );

describe('绑定手机号', () => {
  // Long after the login the server asks for the password: the page had no field for it, so the number never bound.
  it('shows 登录密码 when the server asks for it, and binds with it', { timeout: 30_000 }, async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/usr/session/UpdatePhoneByCode', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (!body.password) return problem('请输入登录密码', 'password');
        if (body.password !== 'huoke_2026') return problem('登录密码错误', 'password');
        return HttpResponse.json({ result: 1 });
      }),
      http.get('/api/usr/users/GetCompanys', () => HttpResponse.json({ data: [companyItem(1, '企业1', true)] })),
    );
    const user = userEvent.setup();
    renderView(<BindMobilePage />, { path: '/bind-mobile' });
    expect(screen.queryByLabelText('登录密码')).toBeNull();
    await user.type(screen.getByLabelText('手机号'), '13800000009');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    const password = await screen.findByLabelText('登录密码');
    await waitFor(() => expect(document.activeElement).toBe(password), { timeout: 5000 });
    expect(sent[0]).not.toHaveProperty('password');
    await user.type(password, 'wrong_one');
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    await waitFor(() => expect(screen.getAllByText('登录密码错误').length).toBeGreaterThan(0));
    await user.clear(password);
    await user.type(password, 'huoke_2026');
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    expect(await screen.findByText('绑定成功')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ mobile: '13800000009', code: '123456', password: 'huoke_2026' });
  });
});
