// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../shared/session';
import { companyItem, staffInfo } from '../../test/fixtures';
import { renderView, server } from '../../test/render';
import { AccountMenu } from './AccountMenu';

const info = staffInfo({ id: 5, account: 'multi', name: '赵多企', phone: '13800000005' });

afterEach(() => useSession.getState().clear());

describe('account menu', () => {
  it('stays closed behind the 选择企业 dialog when 切换企业 is tapped', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({ data: [companyItem(1, '演示科技有限公司', true), companyItem(2, '示例传媒', false)] }),
      ),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
    );
    useSession.getState().setSession(info, []);
    renderView(<AccountMenu />);
    const name = screen.getByTestId('user-menu');
    fireEvent.click(name);
    expect(name.getAttribute('aria-expanded')).toBe('true');
    const item = await screen.findByRole('menuitem', { name: '切换企业' });
    // A tap: the pointer enters the menu and chooses at once, before the hover's delayed opening (0.15 s) is due.
    fireEvent.pointerEnter(item);
    fireEvent.mouseEnter(item);
    fireEvent.click(item);
    await screen.findByText('示例传媒');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(name.getAttribute('aria-expanded')).toBe('false');

    // The name opens it again.
    fireEvent.click(name);
    expect(name.getAttribute('aria-expanded')).toBe('true');
  });
});
