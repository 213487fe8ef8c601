// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useCompanyChoice } from '../../shared/companyChoice';
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

  it('offers 切换企业 at once to someone in no company, with the invitations to their phone; not to a member', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () => HttpResponse.json({ data: [] })),
      http.get('/api/usr/users/GetMyInvitations', () =>
        HttpResponse.json({
          data: [
            {
              id: 7,
              companyName: '演示科技有限公司',
              role: 'staff',
              inviterName: '王管理',
              createTime: '2026-12-04T02:00:00Z',
            },
          ],
        }),
      ),
    );
    useSession.getState().setSession({ ...staffInfo({ companyId: 0, companyName: '' }), customerId: 0 }, []);
    const view = renderView(<AccountMenu />);
    expect(await screen.findByText('王管理 邀请您以员工身份加入「演示科技有限公司」')).toBeTruthy();
    expect(screen.getByRole('button', { name: /接\s*受/ })).toBeTruthy();
    view.unmount();

    useSession.getState().setSession(info, []);
    renderView(<AccountMenu />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('选择企业')).toBeNull();
  });

  it('opens 创建企业, 加入企业 or 选择企业 when another part of the console asks (the workbench of someone in no company)', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({ data: [companyItem(1, '演示科技有限公司', true)] }),
      ),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
      http.get('/api/maint/region/DropDownList', () => HttpResponse.json({ data: [] })),
    );
    useSession.getState().setSession(info, []);
    renderView(<AccountMenu />);
    act(() => useCompanyChoice.getState().ask('join'));
    expect(await screen.findByLabelText('企业号')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '加入企业' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    act(() => useCompanyChoice.getState().ask('create'));
    expect(await screen.findByRole('dialog', { name: '创建企业' })).toBeTruthy();
    act(() => useCompanyChoice.getState().ask('switch'));
    expect(await screen.findByText('演示科技有限公司')).toBeTruthy();
    expect(useCompanyChoice.getState().asked).toBeNull();
  });
});
