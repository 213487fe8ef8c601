// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
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
