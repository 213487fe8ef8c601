// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useCompanyChoice } from '../../shared/companyChoice';
import { useSession } from '../../shared/session';
import { companyItem, staffInfo } from '../../test/fixtures';
import { renderView, server } from '../../test/render';
import { useAppStore } from './appStore';
import { Navbar } from './Navbar';

const info = staffInfo();

afterEach(() => {
  useSession.getState().clear();
  useAppStore.getState().setDevice('desktop');
  useCompanyChoice.getState().answered();
});

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

  // The phone header named no company: someone in several could not tell where they were.
  it('names the current company on a phone, and a tap opens 选择企业', async () => {
    server.use(
      http.post('/api/maint/message/GetTypeList', () => HttpResponse.json([])),
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({
          data: [companyItem(1, '演示科技有限公司', false), companyItem(2, '示例传媒有限公司', true)],
        }),
      ),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
    );
    useSession.getState().setSession(staffInfo({ companyName: '示例传媒有限公司' }), []);
    useAppStore.getState().setDevice('mobile');
    const user = userEvent.setup();
    renderView(<Navbar />, { path: '/home' });
    const name = screen.getByRole('button', { name: '当前企业：示例传媒有限公司，点按切换企业' });
    expect(name.textContent).toBe('示例传媒有限公司');
    await user.click(name);
    expect(await screen.findByRole('dialog', { name: '选择企业' })).toBeTruthy();
    expect(await screen.findByText('演示科技有限公司')).toBeTruthy();
  });

  it('names no company on a phone of someone in none', () => {
    server.use(
      http.post('/api/maint/message/GetTypeList', () => HttpResponse.json([])),
      // Their account menu offers 选择企业 at once.
      http.get('/api/usr/users/GetCompanys', () => HttpResponse.json({ data: [] })),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
    );
    useSession.getState().setSession({ ...staffInfo({ companyId: 0, companyName: '' }), customerId: 0 }, []);
    useAppStore.getState().setDevice('mobile');
    renderView(<Navbar />, { path: '/home' });
    expect(screen.queryByTestId('current-company')).toBeNull();
  });
});
