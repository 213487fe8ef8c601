// @vitest-environment jsdom
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
