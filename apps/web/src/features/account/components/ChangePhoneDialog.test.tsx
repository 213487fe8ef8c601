// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { clearMessages } from '../../../shared/request';
import { useSession } from '../../../shared/session';
import { staffInfo } from '../../../test/fixtures';
import { toastsSaying } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { answerSendCode } from '../../../test/sms';
import { ChangePhoneDialog } from './ChangePhoneDialog';

/** The words under a field of the dialog (its own item, or the item around a field without its own). */
const errorsOf = (field: HTMLElement) =>
  field.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('修改手机号', () => {
  // The refusal carries the code ADMIN_SET_PASSWORD since it is one of a held login's: the request client left every
  // such refusal to the page, and this dialog, which has no 使用验证码登录 beside it, showed nothing at all.
  it('says why a login with an administrator-set password may not replace the number', async () => {
    const words = '您的密码由企业管理员设置，请使用手机号验证码登录后再修改手机号或绑定微信';
    server.use(
      http.post('/api/usr/session/UpdatePhoneByCode', () =>
        HttpResponse.json(
          { status: 403, title: 'Forbidden', detail: words, code: 'ADMIN_SET_PASSWORD' },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    clearMessages();
    const user = userEvent.setup();
    renderView(<ChangePhoneDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('手机号'), '13800000009');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.type(screen.getByLabelText('登录密码'), 'huoke_2026');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toastsSaying(words)).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: '修改手机号' })).toBeTruthy();
  });

  // Getting a code checks the number only: 验证码 is not asked for before a code was sent.
  it('checks only the number when 获取验证码 is clicked', async () => {
    const user = userEvent.setup();
    renderView(<ChangePhoneDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('手机号'), '123');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByText('请输入正确的手机号');
    expect(screen.queryByText('请输入验证码')).toBeNull();
  });

  // Enter after the number submitted the form, which marked the empty 验证码 too.
  it('takes Enter after the number as 获取验证码: the number is checked, the empty code is not', async () => {
    const user = userEvent.setup();
    renderView(<ChangePhoneDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('手机号'), '123{Enter}');
    await screen.findByText('请输入正确的手机号');
    expect(screen.queryByText('请输入验证码')).toBeNull();
  });

  it('sends the code for a good number on Enter, and counts down', async () => {
    const user = userEvent.setup();
    const sent = answerSendCode();
    renderView(<ChangePhoneDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('手机号'), '13800000009{Enter}');
    await screen.findByRole('button', { name: /\d+s/ });
    expect(sent.at(-1)?.phoneNo).toBe('13800000009');
    expect(screen.queryByText('请输入验证码')).toBeNull();
  });

  it('puts a wrong code under 验证码, and takes it away when the code changes', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/usr/session/UpdatePhoneByCode', () => HttpResponse.json({ result: -1, companies: [] })));
    renderView(<ChangePhoneDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('手机号'), '13800000009');
    const code = screen.getByLabelText('验证码');
    await user.type(code, '000000');
    await user.type(screen.getByLabelText('登录密码'), 'huoke_2026');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(errorsOf(code)).toBe('验证码错误'));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    await user.clear(code);
    await user.type(code, '123456');
    await waitFor(() => expect(errorsOf(code)).toBe(''));
  });

  // Replacing a number asks for the login password: a session alone must not make the account someone else's.
  it('asks for the login password, sends it, and puts a wrong one under 登录密码', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/usr/session/UpdatePhoneByCode', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { status: 400, title: 'Bad Request', detail: '登录密码错误', field: 'password' },
          { status: 400 },
        );
      }),
    );
    renderView(<ChangePhoneDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('手机号'), '13800000009');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    const password = screen.getByLabelText('登录密码');
    await waitFor(() => expect(errorsOf(password)).toBe('请输入登录密码'));
    expect(sent).toEqual([]);
    await user.type(password, 'wrong_2026');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(errorsOf(password)).toBe('登录密码错误'));
    expect(sent).toEqual([expect.objectContaining({ mobile: '13800000009', code: '123456', password: 'wrong_2026' })]);
  });

  it('refuses the current number under 手机号 before sending a code (an SMS costs the company)', async () => {
    useSession.getState().setSession(staffInfo({ phone: '13800000003' }), []);
    const sent = answerSendCode();
    const user = userEvent.setup();
    try {
      renderView(<ChangePhoneDialog open onClose={() => {}} />);
      const mobile = await screen.findByLabelText('手机号');
      await user.type(mobile, '13800000003');
      await user.click(screen.getByRole('button', { name: '获取验证码' }));
      await waitFor(() => expect(errorsOf(mobile)).toBe('新手机号不能与当前手机号相同'));
      expect(sent).toEqual([]);
    } finally {
      useSession.getState().clear();
    }
  });
});
