// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { endDialogMotion } from '../../../test/motion';
import { renderView, server } from '../../../test/render';
import { BuyPackageDialog } from './BuyPackageDialog';

const products = [
  { id: 1, name: '获客通标准版', price: 6980, seats: 5, durationDays: 365, codes: [] },
  { id: 2, name: '获客通旗舰版', price: 19800, seats: 20, durationDays: 365, codes: [] },
];

describe('购买套餐 from the keyboard', () => {
  it('opens on its first option, not on ×, and Enter submits it', async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    server.use(
      http.get('/api/cus/product/GetList', () => HttpResponse.json({ data: products })),
      http.get('/api/cus/customer/GetMyCustomer', () =>
        HttpResponse.json({
          productName: '',
          reDays: 0,
          endDate: null,
          customerName: '演示科技有限公司',
          customerId: 1,
          status: -1,
          companyNumber: '100001',
        }),
      ),
      http.get('/api/cus/customer/GetAuthState', () =>
        HttpResponse.json({ authenticated: true, status: 'approved', state: '', reason: '' }),
      ),
      http.post('/api/cus/order/Create', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ id: 9 });
      }),
    );
    let done = 0;
    renderView(<BuyPackageDialog open onClose={() => {}} onDone={() => done++} />);
    const standard = await screen.findByRole('radio', { name: /^获客通标准版/ });
    await endDialogMotion();
    await waitFor(() => expect(document.activeElement).toBe(standard));
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(created).toEqual([{ productId: 1 }]));
    await waitFor(() => expect(done).toBe(1));
  });
});
