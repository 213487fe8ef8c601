// @vitest-environment happy-dom
import type { PersonalAndCompany } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
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

  // The tag said Real-name authenticated / Not authenticated, where the banner, 企业认证 and the cost page say certified.
  it('names the certification in English as the banner and the certification page do', async () => {
    await i18n.changeLanguage('en');
    try {
      const { unmount } = renderView(<OverviewCards data={data} />);
      expect(await screen.findByText('Not certified')).toBeTruthy();
      unmount();
      renderView(<OverviewCards data={{ ...data, company: { ...data.company, authenticated: true } }} />);
      expect(await screen.findByText('Real-name certified')).toBeTruthy();
      expect(screen.queryByText(/authenticated/i)).toBeNull();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});
