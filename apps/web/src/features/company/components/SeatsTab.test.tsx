// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { renderView, server } from '../../../test/render';
import { SeatsTab } from './SeatsTab';

describe('seats tab', () => {
  it('shows a skeleton and no red full bar while the seats load, then the figures', async () => {
    let answer = () => {};
    const answered = new Promise<void>((r) => {
      answer = r;
    });
    server.use(
      http.get('/api/cus/companymember/GetSeats', async () => {
        await answered;
        return HttpResponse.json({ bought: 20, used: 3, free: 17 });
      }),
    );
    const { container } = renderView(<SeatsTab />);
    await waitFor(() => expect(container.querySelectorAll('.ant-skeleton').length).toBe(3));
    expect(container.querySelector('.ant-progress')).toBeNull();
    expect(screen.queryByText('0')).toBeNull();

    answer();
    expect(await screen.findByText('17')).toBeTruthy();
    expect(screen.getByText('20')).toBeTruthy();
    expect(container.querySelector('.ant-progress-status-exception')).toBeNull();
    expect(screen.getByText('15%')).toBeTruthy();
  });
});

describe('seats tab in English', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });
  // It sent the reader to Cost (Go to cost), a page the navigation and its own title call Billing.
  it('names the billing page as the navigation does, and links to it', async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('/api/cus/companymember/GetSeats', () => HttpResponse.json({ bought: 20, used: 3, free: 17 })));
    renderView(<SeatsTab />);
    expect(
      await screen.findByText('Each member takes a seat; buy a package in Billing when seats run out.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Billing' }).getAttribute('href')).toBe('/cost/detail');
  });
});
