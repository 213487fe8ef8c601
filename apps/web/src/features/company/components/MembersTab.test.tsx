// @vitest-environment happy-dom
import type { MemberItem, Page } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { MembersTab } from './MembersTab';

const member = (id: number, name: string, isMe = false): MemberItem => ({
  id,
  userId: id,
  avatar: '',
  name,
  phone: `1380000000${id}`,
  role: isMe ? 'admin' : 'staff',
  position: '销售',
  seat: id,
  isMe,
  canManageAccount: true,
  createTime: '2026-11-02T02:00:00Z',
});

/** The members call answers the rows whose name holds the searched text, after `pause` resolves. */
function membersServer(rows: MemberItem[], pause: Promise<void> = Promise.resolve()) {
  const invited: unknown[] = [];
  server.use(
    http.get('/api/cus/companymember/GetPageList', async ({ request }) => {
      await pause;
      const name = new URL(request.url).searchParams.get('name') ?? '';
      const data = rows.filter((m) => m.name.includes(name));
      return HttpResponse.json<Page<MemberItem>>({ data, totalCount: data.length, pageIndex: 1 });
    }),
    http.get('/api/cus/companymember/GetInvitations', () => HttpResponse.json({ data: [] })),
    http.post('/api/cus/companymember/Invite', async ({ request }) => {
      invited.push(await request.json());
      return HttpResponse.json({ result: 'invited', id: 9 });
    }),
  );
  return invited;
}

describe('members list', () => {
  it('shows the loading table, then the members, then 暂无数据 for a search that finds nobody', async () => {
    let answer = () => {};
    membersServer(
      [member(1, '王经理', true), member(2, '李小红')],
      new Promise<void>((r) => {
        answer = r;
      }),
    );
    const user = userEvent.setup();
    const { container } = renderView(<MembersTab />);
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    answer();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('李小红')).toBeTruthy();
    expect(within(table).getByText('王经理')).toBeTruthy();
    expect(within(table).getByText('我')).toBeTruthy();
    expect(within(table).getByText('设为管理员')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('搜索姓名或手机号'), '张三{Enter}');
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByText('李小红')).toBeNull();
  });
});

describe('members as cards on a phone', () => {
  // Each cell is shown under its column's name (data-label): the reader's own row, which has no action, showed an
  // 操作 label with nothing beside it.
  it("names the actions only on the rows that have some, not on the reader's own", async () => {
    membersServer([member(1, '王经理', true), member(2, '李小红')]);
    renderView(<MembersTab />);
    const table = await screen.findByRole('table');
    const rowOf = async (name: string) => (await within(table).findByText(name)).closest('tr') as HTMLElement;
    const actionsCell = (row: HTMLElement) => row.querySelector('td:last-child') as HTMLElement;
    const other = actionsCell(await rowOf('李小红'));
    expect(within(other).getByText('设为管理员')).toBeTruthy();
    expect(other.getAttribute('data-label')).toBe('操作');
    const own = actionsCell(await rowOf('王经理'));
    expect(own.textContent).toBe('');
    expect(own.hasAttribute('data-label')).toBe(false);
  });
});

describe('invite dialog', () => {
  it('asks for a phone number, then a valid one, and sends the invitation', async () => {
    const invited = membersServer([member(1, '王经理', true)]);
    const user = userEvent.setup();
    renderView(<MembersTab />);
    await user.click(await screen.findByRole('button', { name: '邀请成员' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });

    await user.click(ok);
    expect(await within(dialog).findByText('请输入手机号')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('手机号'), '2345');
    expect(await within(dialog).findByText('请输入正确的手机号')).toBeTruthy();
    expect(invited).toEqual([]);

    await user.clear(within(dialog).getByLabelText('手机号'));
    await user.type(within(dialog).getByLabelText('手机号'), '13912345678');
    await user.click(ok);
    expect(await screen.findByText('已发送邀请：对方登录（或用该手机号注册）后在「切换企业」中确认加入')).toBeTruthy();
    expect(invited).toEqual([{ phone: '13912345678', role: 'staff' }]);
  });
});

describe('role change', () => {
  it('asks before making a member an administrator, and changes nothing on 取消', async () => {
    membersServer([member(1, '王经理', true), member(2, '李小红')]);
    const roles: unknown[] = [];
    server.use(
      http.put('/api/cus/companymember/Role/:id', async ({ request, params }) => {
        roles.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json({ result: 1 });
      }),
    );
    const user = userEvent.setup();
    renderView(<MembersTab />);
    await user.click(await screen.findByRole('button', { name: '设为管理员' }));
    const ask = await screen.findByText('确定将 李小红 设为管理员？管理员可以管理成员、席位、费用和企业设置。');
    const popup = ask.closest('.ant-popover') as HTMLElement;
    expect(roles).toEqual([]);

    await user.click(within(popup).getByRole('button', { name: /取\s*消/ }));
    expect(roles).toEqual([]);

    await user.click(screen.getByRole('button', { name: '设为管理员' }));
    const again = (await screen.findByText(/确定将 李小红 设为管理员/)).closest('.ant-popover') as HTMLElement;
    await user.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(roles).toEqual([{ id: '2', role: 'admin' }]));
  });

  it('names the administrator role as the audit log and every other screen do, in English too', async () => {
    membersServer([member(1, '王经理', true), member(2, '李小红')]);
    await i18n.changeLanguage('en');
    try {
      renderView(<MembersTab />);
      const table = await screen.findByRole('table');
      expect(await within(table).findByText('Administrator')).toBeTruthy();
      expect(within(table).queryByText('Admin')).toBeNull();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});

describe('pending invitations', () => {
  // 撤销 took the invitation back at the first click, without a word before or after.
  it('asks before withdrawing an invitation, withdraws nothing on 取消, and says 操作成功 once it is withdrawn', async () => {
    membersServer([member(1, '王经理', true)]);
    let pending = [{ id: 7, phone: '13912345678', role: 'staff', createTime: '2026-12-06T06:12:00Z' }];
    const withdrawn: string[] = [];
    server.use(
      http.get('/api/cus/companymember/GetInvitations', () => HttpResponse.json({ data: pending })),
      http.delete('/api/cus/companymember/Invitation/:id', ({ params }) => {
        withdrawn.push(String(params.id));
        pending = [];
        return HttpResponse.json({ result: 1 });
      }),
    );
    const user = userEvent.setup();
    renderView(<MembersTab />);
    await user.click(await screen.findByRole('button', { name: '撤销' }));
    const ask = await screen.findByText('确定撤销对 13912345678 的邀请？对方将不能再凭此邀请加入企业。');
    const popup = ask.closest('.ant-popover') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: /取\s*消/ }));
    expect(withdrawn).toEqual([]);

    await user.click(screen.getByRole('button', { name: '撤销' }));
    const again = (await screen.findByText(/确定撤销对 13912345678 的邀请/)).closest('.ant-popover') as HTMLElement;
    await user.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(withdrawn).toEqual(['7']);
    await waitFor(() => expect(screen.queryByText('待接受的邀请')).toBeNull());
  });
});

describe('pending invitations that failed to load', () => {
  // A failed call showed nothing, as if nobody were invited.
  it('says 列表加载失败, and 重试 shows the invitations', async () => {
    membersServer([member(1, '王经理', true)]);
    let fail = true;
    server.use(
      http.get('/api/cus/companymember/GetInvitations', () =>
        fail
          ? serverFailure()
          : HttpResponse.json({
              data: [{ id: 7, phone: '13912345678', role: 'staff', createTime: '2026-12-06T06:12:00Z' }],
            }),
      ),
    );
    const user = userEvent.setup();
    renderView(<MembersTab />);
    expect(await screen.findByText('待接受的邀请')).toBeTruthy();
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(/13912345678/)).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });

  it('still shows nothing when nobody is invited', async () => {
    membersServer([member(1, '王经理', true)]);
    renderView(<MembersTab />);
    expect(await screen.findByText('王经理')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('待接受的邀请')).toBeNull());
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
