// @vitest-environment happy-dom
import type { ApplicationItem, Page, UserInfo } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../shared/session';
import { renderView, server } from '../../../test/render';
import { ApplicationsTab } from './ApplicationsTab';

const admin: UserInfo = {
  profile: {
    id: 1,
    account: 'admin',
    name: '王管理',
    avatar: '',
    phone: '13800000001',
    companyId: 1,
    companyName: '演示科技有限公司',
    role: 'admin',
  },
  permissions: ['/manage/company-manage/show'],
  roles: ['admin'],
  codes: [],
  customerId: 1,
  isAdmin: true,
  isOperator: false,
};

const application: ApplicationItem = {
  id: 7,
  userId: 4,
  name: '王五',
  account: 'wangwu',
  phone: '13800000005',
  description: '想加入销售部',
  status: 'pending',
  createTime: '2026-11-02T02:00:00Z',
  decidedTime: null,
};

/** The pending request, and the approvals (and refusals, marked `refuse`) the server was sent. */
function applicationsServer() {
  const approved: string[] = [];
  server.use(
    http.get('/api/cus/companymember/GetApplications', () =>
      HttpResponse.json<Page<ApplicationItem>>({ data: [application], totalCount: 1, pageIndex: 1 }),
    ),
    http.post('/api/cus/companymember/ApproveApplication/:id', ({ params }) => {
      approved.push(String(params.id));
      return HttpResponse.json({ ok: true });
    }),
    http.post('/api/cus/companymember/RefuseApplication/:id', ({ params }) => {
      approved.push(`refuse ${params.id}`);
      return HttpResponse.json({ ok: true });
    }),
  );
  return approved;
}

/** antd spaces a two-character label: 通 过. */
const APPROVE = /^通\s?过$/;
const REFUSE = /^拒\s?绝$/;

afterEach(() => useSession.getState().clear());

describe('join requests', () => {
  it('通过 asks first, naming the person and the company, with 通过 on its OK button', async () => {
    useSession.getState().setSession(admin, []);
    const approved = applicationsServer();
    const user = userEvent.setup();
    renderView(<ApplicationsTab />);
    const table = await screen.findByRole('table');
    await user.click(await within(table).findByRole('button', { name: APPROVE }));

    const question = await screen.findByRole('tooltip');
    expect(within(question).getByText('同意「王五」加入「演示科技有限公司」？')).toBeTruthy();
    // Nothing was decided by the first click.
    expect(approved).toEqual([]);
    await user.click(within(question).getByRole('button', { name: /^取\s?消$/ }));
    expect(approved).toEqual([]);

    await user.click(within(table).getByRole('button', { name: APPROVE }));
    const again = await screen.findByRole('tooltip');
    await user.click(within(again).getByRole('button', { name: APPROVE }));
    await waitFor(() => expect(approved).toEqual(['7']));
  });

  it('拒绝 asks too, naming the person, with 拒绝 on its red OK button', async () => {
    useSession.getState().setSession(admin, []);
    const decided = applicationsServer();
    const user = userEvent.setup();
    renderView(<ApplicationsTab />);
    const table = await screen.findByRole('table');
    await user.click(await within(table).findByRole('button', { name: REFUSE }));
    const question = await screen.findByRole('tooltip');
    expect(within(question).getByText('拒绝「王五」加入「演示科技有限公司」？')).toBeTruthy();
    const ok = within(question).getByRole('button', { name: REFUSE });
    expect(ok.className).toContain('ant-btn-dangerous');
    expect(decided).toEqual([]);
    await user.click(ok);
    await waitFor(() => expect(decided).toEqual(['refuse 7']));
  });
});
