// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../test/render';
import { SharePanel } from './SharePanel';

describe('share panel', () => {
  it('after 收起分享 its controls are out of reach of Tab and of screen readers; 展开分享 brings them back', async () => {
    server.use(
      http.get('/api/caspush/SstArticleShare/GetArticleCardAsync', () => HttpResponse.json({ name: '李员工' })),
    );
    const user = userEvent.setup();
    renderView(<SharePanel kind="article" id={1} />);
    const toggle = await screen.findByRole('button', { name: /收起分享/ });
    expect(screen.getByRole('switch', { name: '显示名片' })).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('switch', { name: '显示名片' })).toBeNull();
    const hidden = screen.getByLabelText('显示名片');
    expect(hidden.closest('[inert]')).not.toBeNull();
    // Tab from the toggle leaves the panel: it never lands on a hidden control.
    toggle.focus();
    await user.tab();
    expect(hidden.closest('[inert]')?.contains(document.activeElement)).toBe(false);
    await user.click(screen.getByRole('button', { name: /展开分享/ }));
    expect(screen.getByRole('switch', { name: '显示名片' })).toBeTruthy();
  });
});
