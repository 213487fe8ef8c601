// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearMessages } from '../../../shared/request';
import { useSession } from '../../../shared/session';
import { staffInfo } from '../../../test/fixtures';
import { adminPasswordRefusal, refusalShown, toastsSaying } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { CompanyFormDialog } from './CompanyFormDialog';

describe('创建企业', () => {
  // It said 提交成功 and then 「您的申请已提交成功，我们的顾问会尽快与您联系！」, and left the creator outside the company
  // it had just made them the administrator of (未加入企业 until they picked its card or logged in again).
  it('enters the new company at once and says it was created', async () => {
    const switched: string[] = [];
    server.use(
      http.get('/api/maint/region/DropDownList', () =>
        HttpResponse.json({
          data: [{ value: 310000, label: '上海市', children: [{ value: 310100, label: '市辖区' }] }],
        }),
      ),
      http.post('/api/cus/customer/RegisterCompany', () => HttpResponse.json({ id: 42 })),
      http.get('/api/usr/session/SwitchToken/:id', ({ params }) => {
        switched.push(String(params.id));
        return HttpResponse.json({ token: 't' });
      }),
    );
    renderView(<CompanyFormDialog open mode="create" onClose={() => {}} onDone={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '创建企业' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('企业名称'), '新公司');
    await user.type(within(dialog).getByLabelText('联系人'), '李');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('上海市'));
    await user.click(await screen.findByText('市辖区'));
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(switched).toEqual(['42']));
    expect(await screen.findByText('企业创建成功，已进入该企业')).toBeTruthy();
    expect(screen.queryByText(/提交成功|顾问/)).toBeNull();
  });
});

describe('加入企业 refused for an administrator-set password', () => {
  // The console showed only the words (请使用手机号验证码登录后再试): the reader had to find the way out alone.
  it('offers 使用验证码登录 with the refusal', async () => {
    server.use(http.post('/api/cus/joincustomerapplier/ApplierJoinCustomer', adminPasswordRefusal));
    clearMessages();
    renderView(<CompanyFormDialog open mode="join" onClose={() => {}} onDone={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '加入企业' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('企业号'), 'B123456');
    await user.type(within(dialog).getByLabelText('申请人姓名'), '李员工');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    const way = await within(dialog).findByRole('button', { name: '使用验证码登录' });
    // The words once, beside the way out: they were a toast as well.
    expect(await refusalShown(way)).toEqual({ toasts: 0, beside: true });
  });
});

describe('创建企业 refused for an administrator-set password', () => {
  // The server created the company and the console said 企业已创建, then the switch into it was refused: a company
  // nobody could enter from that login. The creation itself is refused now, and said once beside its way out.
  it('says the refusal once, beside 使用验证码登录, and neither 企业已创建 nor a switch', async () => {
    const detail = '您的密码由企业管理员设置，不能用于创建企业，请使用手机号验证码登录后再创建';
    const switched: string[] = [];
    server.use(
      http.get('/api/maint/region/DropDownList', () =>
        HttpResponse.json({
          data: [{ value: 310000, label: '上海市', children: [{ value: 310100, label: '市辖区' }] }],
        }),
      ),
      http.post('/api/cus/customer/RegisterCompany', () =>
        HttpResponse.json(
          { status: 403, title: 'Forbidden', detail, code: 'ADMIN_SET_PASSWORD' },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
      http.get('/api/usr/session/SwitchToken/:id', ({ params }) => {
        switched.push(String(params.id));
        return HttpResponse.json({ token: 't' });
      }),
    );
    clearMessages();
    renderView(<CompanyFormDialog open mode="create" onClose={() => {}} onDone={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '创建企业' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('企业名称'), '新公司');
    await user.type(within(dialog).getByLabelText('联系人'), '李');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('上海市'));
    await user.click(await screen.findByText('市辖区'));
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    const way = await within(dialog).findByRole('button', { name: '使用验证码登录' });
    expect(await refusalShown(way, detail)).toEqual({ toasts: 0, beside: true });
    expect(toastsSaying('企业已创建')).toEqual([]);
    expect(switched).toEqual([]);
  });
});

describe('创建企业, then entering it refused for an administrator-set password', () => {
  // The toast said the words alone, after 企业创建成功，已进入该企业 had said the creator was in the new company.
  it('says the company was created, and the refusal once, beside 使用验证码登录', async () => {
    server.use(
      http.get('/api/maint/region/DropDownList', () =>
        HttpResponse.json({
          data: [{ value: 310000, label: '上海市', children: [{ value: 310100, label: '市辖区' }] }],
        }),
      ),
      http.post('/api/cus/customer/RegisterCompany', () => HttpResponse.json({ id: 42 })),
      http.get('/api/usr/session/SwitchToken/:id', adminPasswordRefusal),
    );
    clearMessages();
    renderView(<CompanyFormDialog open mode="create" onClose={() => {}} onDone={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '创建企业' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('企业名称'), '新公司');
    await user.type(within(dialog).getByLabelText('联系人'), '李');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('上海市'));
    await user.click(await screen.findByText('市辖区'));
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    const way = await within(dialog).findByRole('button', { name: '使用验证码登录' });
    expect(await refusalShown(way)).toEqual({ toasts: 0, beside: true });
    expect(toastsSaying('企业已创建')).toHaveLength(1);
    expect(toastsSaying('企业创建成功，已进入该企业')).toEqual([]);
  });
});

/** Where the console went, shown beside the dialog (the test router renders it on every path). */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

describe('加入企业 refused for an administrator-set password, to an account without a phone number', () => {
  afterEach(() => useSession.getState().clear());

  // 使用验证码登录 led to a login tab with no code to receive: the account had no number for it.
  it('offers 绑定手机号, which opens the bind-mobile page, instead of 使用验证码登录', async () => {
    const detail =
      '您的密码由企业管理员设置，不能用于进入或加入其他企业，请先绑定本人手机号，再使用手机号验证码登录后重试';
    server.use(
      http.post('/api/cus/joincustomerapplier/ApplierJoinCustomer', () =>
        HttpResponse.json(
          { status: 403, title: 'Forbidden', detail, code: 'ADMIN_SET_PASSWORD' },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    useSession.getState().setSession(staffInfo({ phone: '' }), []);
    renderView(
      <>
        <CompanyFormDialog open mode="join" onClose={() => {}} onDone={() => {}} />
        <Where />
      </>,
      { path: '/home' },
    );
    const dialog = await screen.findByRole('dialog', { name: '加入企业' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('企业号'), 'B123456');
    await user.type(within(dialog).getByLabelText('申请人姓名'), '李员工');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '使用验证码登录' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '绑定手机号' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bind-mobile?redirect=%2Fhome'));
  });
});
