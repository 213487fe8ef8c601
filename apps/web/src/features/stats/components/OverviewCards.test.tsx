// @vitest-environment jsdom
import type { PersonalAndCompany } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderView } from '../../../test/render';
import { OverviewCards } from './OverviewCards';

const data: PersonalAndCompany = {
  personal: {
    userId: 1,
    name: '王管理',
    avatar: '',
    position: '市场总监',
    role: 'admin',
    visits: 3,
    leads: 1,
    shares: 2,
  },
  company: {
    customerId: 1,
    customerName: '演示科技有限公司',
    logo: '',
    productName: '获客通旗舰版',
    // 2027-06-16 00:28 in China: the cost page's 到期日期.
    endDate: '2027-06-15T16:28:45.990Z',
    members: 3,
    seats: 20,
    authenticated: false,
    visits: 9,
    leads: 4,
    shares: 5,
  },
};

describe('data view overview', () => {
  it('shows the package end date on China’s calendar, as the cost page does', async () => {
    renderView(<OverviewCards data={data} />);
    expect(await screen.findByText('2027-06-16')).toBeTruthy();
    expect(screen.queryByText('2027-06-15')).toBeNull();
  });
});
