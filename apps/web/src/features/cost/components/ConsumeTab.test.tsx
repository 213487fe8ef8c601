// @vitest-environment happy-dom
import type { ConsumeItem } from '@huoke/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { ConsumeTab } from './ConsumeTab';

const row = (id: number): ConsumeItem => ({
  id,
  kind: 'sms',
  kindName: '短信',
  amount: 10,
  quantity: 1,
  note: `第 ${id} 条`,
  userName: '王管理',
  createTime: '2026-12-01T02:00:00.000Z',
});

/** 25 rows, 10 a page; the pages asked for, in order. */
function consume() {
  const asked: number[] = [];
  server.use(
    http.get('/api/cus/customersaccount/GetCurrCustomerConsumePageList', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('pageIndex'));
      asked.push(page);
      const data = Array.from({ length: 10 }, (_, i) => row((page - 1) * 10 + i + 1)).filter((r) => r.id <= 25);
      return HttpResponse.json({ data, totalCount: 25, pageIndex: page });
    }),
  );
  return asked;
}

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

describe('消费记录', () => {
  it('keeps the page in the address, so a reload opens the same page', async () => {
    consume();
    const user = userEvent.setup();
    renderView(
      <>
        <ConsumeTab />
        <Where />
      </>,
      { path: '/cost/detail?tab=consume' },
    );
    await screen.findByText('第 1 条');
    await user.click(screen.getByTitle('2'));
    await screen.findByText('第 11 条');
    expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('page')).toBe('2');
    expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('tab')).toBe('consume');
  });

  it('opens the page the address names', async () => {
    const asked = consume();
    renderView(<ConsumeTab />, { path: '/cost/detail?tab=consume&page=3' });
    expect(await screen.findByText('第 21 条')).toBeTruthy();
    await waitFor(() => expect(asked).toEqual([3]));
  });
});
