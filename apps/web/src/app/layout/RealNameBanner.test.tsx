// @vitest-environment happy-dom
import type { UserInfo } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { renderView, server } from '../../test/render';
import { RealNameBanner } from './RealNameBanner';

const info = (role: 'admin' | 'staff'): UserInfo => ({
  profile: {
    id: 2,
    account: role === 'admin' ? 'admin' : 'staff1',
    name: role === 'admin' ? '王管理' : '李员工',
    avatar: '',
    phone: '13800000002',
    companyId: 1,
    companyName: '演示科技有限公司',
    role,
  },
  permissions: role === 'admin' ? ['/manage/company-manage/show'] : [],
  roles: [role],
  codes: [],
  customerId: 1,
  isAdmin: role === 'admin',
  isOperator: false,
});

function notCertified() {
  server.use(
    http.get('/api/cus/customer/GetAuthState', () =>
      HttpResponse.json({ authenticated: false, status: 'none', state: '未认证', reason: '' }),
    ),
  );
}

afterEach(async () => {
  useSession.getState().clear();
  await i18n.changeLanguage('zh-CN');
});

describe('real-name banner', () => {
  it('sends an administrator to the certification page', async () => {
    notCertified();
    useSession.getState().setSession(info('admin'), []);
    renderView(<RealNameBanner />, { path: '/home' });
    const link = await screen.findByRole('link', { name: '立即认证' });
    expect(link.getAttribute('href')).toBe('/enterprise/auth');
  });

  it('tells staff who can certify instead of linking to a page that answers 403', async () => {
    notCertified();
    useSession.getState().setSession(info('staff'), []);
    renderView(<RealNameBanner />, { path: '/home' });
    expect(await screen.findByText(/请联系企业管理员完成认证。/)).toBeTruthy();
    expect(screen.getByText(/您的企业尚未完成实名认证/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '立即认证' })).toBeNull();
  });

  // The English was two translated halves joined by the code ("…products. Ask your company administrator…").
  it('says it in one English sentence, to an administrator with the link inside it', async () => {
    await i18n.changeLanguage('en');
    notCertified();
    useSession.getState().setSession(info('admin'), []);
    renderView(<RealNameBanner />, { path: '/home' });
    const link = await screen.findByRole('link', { name: 'certify it now' });
    expect(link.getAttribute('href')).toBe('/enterprise/auth');
    expect(screen.getByTestId('realname-banner').textContent).toBe(
      "Your company has not completed real-name certification, which is required to buy and use the platform's " +
        'products: certify it now.',
    );
  });

  it('says it in one English sentence to staff, naming who can certify', async () => {
    await i18n.changeLanguage('en');
    notCertified();
    useSession.getState().setSession(info('staff'), []);
    renderView(<RealNameBanner />, { path: '/home' });
    const banner = await screen.findByTestId('realname-banner');
    expect(banner.textContent).toBe(
      "Your company has not completed real-name certification, which is required to buy and use the platform's " +
        'products: ask your company administrator to certify it.',
    );
  });
});
