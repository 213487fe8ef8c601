// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../shared/session';
import { orderItem, staffInfo } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import { OrdersTab } from './OrdersTab';

const unpaid = orderItem(5, 'unpaid', 19800);

/** The company's orders with one unpaid order; answers the ids 取消订单 was sent for. */
function orders() {
  const cancelled: string[] = [];
  server.use(
    http.get('/api/cus/order/GetPageList', () => HttpResponse.json({ data: [unpaid], totalCount: 1 })),
    http.get('/api/cus/product/GetList', () => HttpResponse.json({ data: [] })),
    http.post('/api/cus/order/Cancel/:id', ({ params }) => {
      cancelled.push(String(params.id));
      return HttpResponse.json({ ok: true });
    }),
  );
  return cancelled;
}

/** The question just opened (the last in the page: one closed before may still be fading out). */
const question = async () => {
  await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
  return within(screen.getAllByRole('dialog').at(-1) as HTMLElement);
};

describe('buying a package', () => {
  afterEach(() => useSession.getState().clear());

  for (const authenticated of [false, true])
    it(`says, ${authenticated ? 'certified' : 'not certified'}, when the order is paid and opened`, async () => {
      const user = userEvent.setup();
      orders();
      server.use(
        http.get('/api/cus/customer/GetAuthState', () =>
          HttpResponse.json({ authenticated, status: authenticated ? 'approved' : 'none', state: '', reason: '' }),
        ),
      );
      useSession.getState().setSession(staffInfo({ role: 'admin', name: '王管理' }), []);
      const { container } = renderView(<OrdersTab />, { path: '/cost/detail?tab=orders' });
      await user.click(await within(container).findByRole('button', { name: '购买套餐' }));
      const certify = '企业尚未通过实名认证：订单可以先提交，完成实名认证后才能支付开通。';
      if (authenticated) {
        expect(await screen.findByText('支付由平台运营人员确认后生效。')).toBeTruthy();
        expect(screen.queryByText(certify)).toBeNull();
      } else {
        const [hint] = await screen.findAllByText((_, el) => el?.textContent === certify);
        expect(within(hint).getByRole('link', { name: '完成实名认证' }).getAttribute('href')).toBe('/enterprise/auth');
        expect(screen.queryByText('支付由平台运营人员确认后生效。')).toBeNull();
      }
    });
});

const products = [
  { id: 1, name: '获客通标准版', price: 6980, seats: 5, durationDays: 365, codes: [] },
  { id: 2, name: '获客通旗舰版', price: 19800, seats: 20, durationDays: 365, codes: [] },
];
const flagship = (status: -1 | 0 | 1) => ({
  productName: status === -1 ? '' : '获客通旗舰版',
  productId: status === -1 ? null : 2,
  reDays: status === 1 ? 200 : 0,
  endDate: status === -1 ? null : '2027-06-15T16:28:45.990Z',
  customerName: '演示科技有限公司',
  customerId: 1,
  status,
  companyNumber: '100001',
});

describe('one package at a time', () => {
  afterEach(() => useSession.getState().clear());

  for (const status of [1, 0] as const)
    it(`${status === 1 ? 'offers only renewal while the package runs' : 'offers every package once it expired'}`, async () => {
      const user = userEvent.setup();
      orders();
      server.use(
        http.get('/api/cus/product/GetList', () => HttpResponse.json({ data: products })),
        http.get('/api/cus/customer/GetMyCustomer', () => HttpResponse.json(flagship(status))),
      );
      useSession.getState().setSession(staffInfo({ role: 'admin', name: '王管理' }), []);
      const { container } = renderView(<OrdersTab />, { path: '/cost/detail?tab=orders' });
      await user.click(await within(container).findByRole('button', { name: '购买套餐' }));
      const standard = await screen.findByRole('radio', { name: /^获客通标准版/ });
      const reason = '当前套餐「获客通旗舰版」有效期内不能购买其他套餐，可续费当前套餐，或到期后再购买';
      if (status === 1) {
        await waitFor(() => expect((standard as HTMLInputElement).disabled).toBe(true));
        expect(screen.getByText(reason)).toBeTruthy();
      } else {
        await new Promise((r) => setTimeout(r, 50));
        expect((standard as HTMLInputElement).disabled).toBe(false);
        expect(screen.queryByText(reason)).toBeNull();
      }
      expect((screen.getByRole('radio', { name: /^获客通旗舰版/ }) as HTMLInputElement).disabled).toBe(false);
    });
});

describe('cancelling an order', () => {
  it('names the order, keeps it on 保留订单, and opens on that button', async () => {
    const user = userEvent.setup();
    const cancelled = orders();
    renderView(<OrdersTab />, { path: '/cost/detail?tab=orders' });
    await user.click(await screen.findByRole('button', { name: '取消订单' }));
    const q = await question();
    expect(q.getAllByText('取消订单 HK20261204005？').length).toBeGreaterThan(0);
    expect(q.getByText('取消后，这个订单不能再支付；需要时请重新下单。')).toBeTruthy();
    const keep = q.getByRole('button', { name: '保留订单' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    await user.click(keep);
    await new Promise((r) => setTimeout(r, 100));
    expect(cancelled).toEqual([]);
  });

  it('cancels it on the question’s own 取消订单', async () => {
    const user = userEvent.setup();
    const cancelled = orders();
    const { container } = renderView(<OrdersTab />, { path: '/cost/detail?tab=orders' });
    await user.click(await within(container).findByRole('button', { name: '取消订单' }));
    await user.click((await question()).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(cancelled).toEqual(['5']));
  });
});
