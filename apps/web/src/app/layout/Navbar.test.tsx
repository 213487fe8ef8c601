// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../shared/session';
import { staffInfo } from '../../test/fixtures';
import { renderView, server } from '../../test/render';
import { Navbar } from './Navbar';

const info = staffInfo();

afterEach(() => useSession.getState().clear());

describe('navbar', () => {
  // 下载APP was a span with a hover popover: no Tab reached it, and a keyboard could not open it.
  it('opens the 下载APP QR code from the keyboard, and closes it on Escape', async () => {
    server.use(http.post('/api/maint/message/GetTypeList', () => HttpResponse.json([])));
    useSession.getState().setSession(info, []);
    const user = userEvent.setup();
    renderView(<Navbar />, { path: '/home' });
    const entry = screen.getByRole('button', { name: '下载APP' });
    for (let i = 0; i < 10 && document.activeElement !== entry; i++) await user.tab();
    expect(document.activeElement).toBe(entry);
    await user.keyboard('{Enter}');
    await screen.findByText('扫码下载APP');
    expect(entry.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(entry.getAttribute('aria-expanded')).toBe('false'));
  });
});
