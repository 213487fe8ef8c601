// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { PublicLinkButton } from './PublicLinkButton';

describe('数据视图 公开链接', () => {
  it('makes a new link after asking, and shows it in place of the old one', async () => {
    let resets = 0;
    server.use(
      http.get('/api/crm/controlpanal/GetPublicCode', () => HttpResponse.json({ code: 'old-code' })),
      http.post('/api/crm/controlpanal/ResetPublicCode', () => {
        resets++;
        return HttpResponse.json({ code: 'new-code' });
      }),
    );
    const user = userEvent.setup();
    renderView(<PublicLinkButton />);
    // 公开链接 on the 数据视图 page, as the audit log names it 数据视图公开链接 (it said 公开看板链接).
    await user.click(await screen.findByRole('button', { name: /公开链接/ }));
    const link = (await screen.findByTestId('public-link')) as HTMLInputElement;
    expect(link.value).toMatch(/code=old-code$/);
    await user.click(screen.getByRole('button', { name: '重新生成链接' }));
    // Asked first: nothing changes until it is confirmed.
    expect(await screen.findByText('旧链接将立即失效，已发出的旧链接都打不开了。')).toBeTruthy();
    expect(resets).toBe(0);
    await user.click(screen.getAllByRole('button', { name: '重新生成链接' }).at(-1) as HTMLElement);
    await expect.poll(() => (screen.getByTestId('public-link') as HTMLInputElement).value).toMatch(/code=new-code$/);
    expect(resets).toBe(1);
  });
});
