// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { customerInfo } from '../../../test/fixtures';
import { endDialogMotion } from '../../../test/motion';
import { renderView, server } from '../../../test/render';
import { BuyPackageDialog } from './BuyPackageDialog';

const products = [
  { id: 1, name: '获客通标准版', price: 6980, seats: 5, durationDays: 365, codes: [] },
  { id: 2, name: '获客通旗舰版', price: 19800, seats: 20, durationDays: 365, codes: [] },
];

const noPackage = customerInfo();

/** The answers the dialog asks for; the orders it sends are collected in the array answered. */
function answers(list: typeof products, customer: object): unknown[] {
  const created: unknown[] = [];
  server.use(
    http.get('/api/cus/product/GetList', () => HttpResponse.json({ data: list })),
    http.get('/api/cus/customer/GetMyCustomer', () => HttpResponse.json(customer)),
    http.get('/api/cus/customer/GetAuthState', () =>
      HttpResponse.json({ authenticated: true, status: 'approved', state: '', reason: '' }),
    ),
    http.post('/api/cus/order/Create', async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ id: 9 });
    }),
  );
  return created;
}

describe('购买套餐 from the keyboard', () => {
  it('opens on its first option, not on ×, and Enter submits it', async () => {
    const user = userEvent.setup();
    const created = answers(products, noPackage);
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

describe('购买套餐 while a package runs', () => {
  it('offers that package only, told by its id: another of the same name is disabled, as the server refuses it', async () => {
    const user = userEvent.setup();
    // The operator sells the flagship again at a new price under the same name; the company runs the first one.
    const created = answers([...products, { ...products[1], id: 3, price: 21800 }], {
      ...noPackage,
      productName: '获客通旗舰版',
      productId: 2,
      reDays: 200,
      endDate: '2027-06-15T16:28:45.990Z',
      status: 1,
    });
    renderView(<BuyPackageDialog open onClose={() => {}} onDone={() => {}} />);
    const [running, again] = await screen.findAllByRole('radio', { name: /^获客通旗舰版/ });
    const standard = screen.getByRole('radio', { name: /^获客通标准版/ });
    await waitFor(() => expect((again as HTMLInputElement).disabled).toBe(true));
    expect((standard as HTMLInputElement).disabled).toBe(true);
    expect((running as HTMLInputElement).disabled).toBe(false);
    expect(
      screen.getAllByText('当前套餐「获客通旗舰版」有效期内不能购买其他套餐，可续费当前套餐，或到期后再购买'),
    ).toHaveLength(2);
    // The cursor starts on the one it may renew.
    await endDialogMotion();
    await waitFor(() => expect(document.activeElement).toBe(running));
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(created).toEqual([{ productId: 2 }]));
  });
});
