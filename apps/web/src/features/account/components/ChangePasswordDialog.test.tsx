// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const errorsOf = (field: HTMLElement) =>
  field.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('修改密码', () => {
  it('opens with the cursor in 原密码, not on the close button', async () => {
    renderView(<ChangePasswordDialog open onClose={() => {}} />);
    const old = await screen.findByLabelText('原密码');
    await waitFor(() => expect(document.activeElement).toBe(old));
  });

  it('says under 新密码 that the new password equals the old one, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put('/api/usr/session/password', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderView(<ChangePasswordDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('原密码'), 'huoke_2026');
    const fresh = screen.getByLabelText('新密码');
    await user.type(fresh, 'huoke_2026');
    await user.type(screen.getByLabelText('确认密码'), 'huoke_2026');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(errorsOf(fresh)).toBe('新密码不能与原密码相同'));
    expect(sent).toEqual([]);
  });

  it("puts the server's refusal of the same password under 新密码", async () => {
    server.use(
      http.put('/api/usr/session/password', () =>
        HttpResponse.json(
          { status: 400, title: 'Bad Request', detail: '新密码不能与原密码相同', field: 'password' },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderView(<ChangePasswordDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('原密码'), 'old_2026');
    const fresh = screen.getByLabelText('新密码');
    await user.type(fresh, 'new_2026');
    await user.type(screen.getByLabelText('确认密码'), 'new_2026');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(errorsOf(fresh)).toBe('新密码不能与原密码相同'));
  });
});
