// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import OperatorReviewPage from '../../features/certification/pages/OperatorReviewPage';
import { OrdersTab } from '../../features/cost/components/OrdersTab';
import { orderItem } from '../../test/fixtures';
import { renderView, server } from '../../test/render';
import i18n from '../i18n';

const page = { data: [orderItem(1, 'unpaid', 19800), orderItem(2, 'refunded', 9800.5)], totalCount: 2 };

function answerOrders() {
  server.use(
    http.get('/api/cus/order/GetPageList', () => HttpResponse.json(page)),
    http.get('/api/cus/order/OperatorList', () => HttpResponse.json(page)),
    http.get('/api/cus/product/GetList', () => HttpResponse.json({ data: [] })),
    // The operator's page opens on its certification reviews.
    http.get('/api/cus/customerauth/GetReviewList', () => HttpResponse.json({ data: [], totalCount: 0 })),
  );
}

/** The table's heads, and each row's cells, as the user reads them. */
async function readTable() {
  const rows = await screen.findAllByRole('row');
  const cells = (r: HTMLElement) =>
    within(r)
      .queryAllByRole('cell')
      .map((c) => c.textContent?.trim() ?? '');
  const heads = within(rows[0])
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());
  return { heads, body: rows.slice(1).map(cells) };
}

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('order tables: the company’s and the operator’s show an order alike', () => {
  it('the company’s orders: heads, amount with two decimals and grouped thousands, state names, China time', async () => {
    answerOrders();
    renderView(<OrdersTab />, { path: '/cost/detail?tab=orders' });
    await screen.findByText('HK20261204001');
    const { heads, body } = await readTable();
    expect(heads).toEqual(['订单号', '套餐', '金额（元）', '状态', '下单时间', '操作']);
    expect(body[0].slice(0, 5)).toEqual(['HK20261204001', '获客通标准版', '19,800.00', '待支付', '2026-12-04 10:30']);
    expect(body[1].slice(2, 4)).toEqual(['9,800.50', '已退款']);
  });

  it('the operator’s orders: the same columns with the company beside the number, in English too', async () => {
    answerOrders();
    await i18n.changeLanguage('en');
    renderView(<OperatorReviewPage />, { path: '/operator/review' });
    (await screen.findByRole('tab', { name: 'Orders' })).click();
    await screen.findByText('HK20261204001');
    const { heads, body } = await readTable();
    expect(heads).toEqual(['Order number', 'Company', 'Package', 'Amount (CNY)', 'State', 'Ordered', 'Actions']);
    expect(body[0].slice(0, 6)).toEqual([
      'HK20261204001',
      '演示科技有限公司',
      '获客通标准版',
      '19,800.00',
      'Unpaid',
      '2026-12-04 10:30',
    ]);
    expect(body[1][4]).toBe('Refunded');
  });

  it('the certification reviews name their state in the reader’s language', async () => {
    answerOrders();
    server.use(
      http.get('/api/cus/customerauth/GetReviewList', () =>
        HttpResponse.json({
          data: [
            {
              id: 7,
              customerId: 3,
              customerName: '示例传媒有限公司',
              companyName: '示例传媒有限公司',
              creditCode: '91110000600037341L',
              legalPerson: '赵六',
              licenceUrl: '/api/fs/raw/1',
              status: 'pending',
              state: '待审中',
              reason: '',
              submitTime: '2026-12-04T02:30:00.000Z',
              reviewTime: null,
            },
          ],
          totalCount: 1,
        }),
      ),
    );
    await i18n.changeLanguage('en');
    renderView(<OperatorReviewPage />, { path: '/operator/review' });
    await screen.findByText('91110000600037341L');
    const { body } = await readTable();
    expect(body[0]).toContain('Pending review');
    expect(body[0]).not.toContain('待审中');
  });
});
