// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderView } from '../../../test/render';
import { answerSendCode } from '../../../test/sms';
import RegisterPage from './RegisterPage';

describe('register form', () => {
  // Enter after the number submitted the form, marking every empty field below it, 验证码 among them.
  it('takes Enter after the number as 获取验证码: a code is sent, the empty code is not marked', async () => {
    const user = userEvent.setup();
    const sent = answerSendCode();
    renderView(<RegisterPage />, { path: '/register' });
    await user.type(await screen.findByLabelText('手机号'), '13800000009{Enter}');
    await screen.findByRole('button', { name: /\d+s/ });
    expect(sent.at(-1)).toEqual({ phoneNo: '13800000009', purpose: 'register' });
    expect(screen.queryByText('请输入验证码')).toBeNull();
  });
});
