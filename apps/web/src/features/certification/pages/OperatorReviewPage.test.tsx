// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderItem } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import OperatorReviewPage from './OperatorReviewPage';

// The whole page renders (three tabs): slow on a loaded machine, more than the default 30 s.
describe('operator orders', { timeout: 90_000 }, () => {
  beforeEach(() =>
    server.use(
      http.get('/api/cus/customerauth/GetReviewList', () =>
        HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 }),
      ),
    ),
  );

  it('asks about 标记已支付 naming the order, company and amount; an uncertified company’s refusal is shown, not left uncaught', async () => {
    const user = userEvent.setup();
    let marked = 0;
    server.use(
      http.get('/api/cus/order/OperatorList', () =>
        HttpResponse.json({ data: [orderItem(5, 'unpaid', 19800)], totalCount: 1, pageIndex: 1 }),
      ),
      http.post('/api/cus/order/MarkPaid/:id', () => {
        marked += 1;
        const detail = '该企业尚未通过实名认证，不能确认支付';
        return HttpResponse.json({ title: detail, detail }, { status: 409 });
      }),
    );
    renderView(<OperatorReviewPage />);
    await user.click(await screen.findByRole('tab', { name: '订单管理' }));
    await user.click(await screen.findByRole('button', { name: '标记已支付' }));
    expect(
      await screen.findByText('将订单 HK20261204005（演示科技有限公司，19,800.00 元）标记为已支付？'),
    ).toBeTruthy();
    expect(screen.queryByText('是否执行此操作?')).toBeNull();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(marked).toBe(1));
    expect(await screen.findByText('该企业尚未通过实名认证，不能确认支付')).toBeTruthy();
    expect(screen.queryByText('操作成功')).toBeNull();
  });

  it('asks about 退款 naming the order, company and amount', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/cus/order/OperatorList', () =>
        HttpResponse.json({ data: [orderItem(6, 'paid', 6980)], totalCount: 1, pageIndex: 1 }),
      ),
    );
    renderView(<OperatorReviewPage />);
    await user.click(await screen.findByRole('tab', { name: '订单管理' }));
    await user.click(await screen.findByRole('button', { name: /退\s*款/ }));
    expect(await screen.findByText('为订单 HK20261204006（演示科技有限公司，6,980.00 元）退款？')).toBeTruthy();
  });
});
