// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { PackageTab } from './PackageTab';

const pkg = {
  productName: '获客通旗舰版',
  productId: 2,
  reDays: 200,
  endDate: '2027-06-15T16:28:45.990Z',
  customerName: '演示科技有限公司',
  customerId: 1,
  status: 1,
  companyNumber: '100001',
};

describe('cost page package figures', () => {
  it('show a skeleton while the package loads, never 未购买 and 0 天', async () => {
    let answer = () => {};
    const answered = new Promise<void>((r) => {
      answer = r;
    });
    server.use(
      http.get('/api/cus/customer/GetMyCustomer', async () => {
        await answered;
        return HttpResponse.json(pkg);
      }),
    );
    const { container } = renderView(<PackageTab />);
    await waitFor(() => expect(container.querySelectorAll('.ant-skeleton').length).toBe(3));
    expect(screen.queryByText('未购买')).toBeNull();
    expect(screen.queryByText('0')).toBeNull();

    answer();
    expect(await screen.findByText('获客通旗舰版')).toBeTruthy();
    expect(screen.getByText('200')).toBeTruthy();
    expect(screen.getByText('2027-06-16')).toBeTruthy();
  });

  it('say - - when the package could not be read', async () => {
    server.use(
      http.get('/api/cus/customer/GetMyCustomer', async () => {
        await delay(10);
        return HttpResponse.json({ title: '服务器开小差了' }, { status: 500 });
      }),
    );
    renderView(<PackageTab />);
    await waitFor(() => expect(screen.getAllByText('- -')).toHaveLength(3));
    expect(screen.queryByText('未购买')).toBeNull();
  });

  it('say 未购买 for a company that never bought a package, never 0 天', async () => {
    server.use(
      http.get('/api/cus/customer/GetMyCustomer', () =>
        HttpResponse.json({ ...pkg, productName: '', productId: null, reDays: 0, endDate: null, status: -1 }),
      ),
    );
    const { container } = renderView(<PackageTab />);
    await waitFor(() => expect(screen.getAllByText('未购买')).toHaveLength(2));
    const days = [...container.querySelectorAll('.ant-statistic')].find((el) => el.textContent?.includes('剩余天数'));
    expect(days?.querySelector('.ant-statistic-content')?.textContent).toBe('未购买');
  });
});
