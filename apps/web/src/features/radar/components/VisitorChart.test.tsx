// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { VisitorChart } from './VisitorChart';

describe('访问量 chart', () => {
  it('says there were no visits yet instead of drawing an empty axis', async () => {
    server.use(
      http.get('/api/cus/UserBehavior/VisitorChart', () =>
        HttpResponse.json({ categories: [], series: [{ name: '访问量', data: [] }] }),
      ),
    );
    renderView(<VisitorChart />);
    expect(await screen.findByText(/所选时间内还没有访问/)).toBeTruthy();
    expect(screen.getByTestId('visitor-chart').querySelector('canvas')).toBeNull();
  });

  // A failed call said 所选时间内还没有访问: the radar seemed quiet when it could not be read.
  it('says the chart failed to load, not that there were no visits, and 重试 asks again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/cus/UserBehavior/VisitorChart', () => {
        calls++;
        return calls === 1
          ? serverFailure()
          : HttpResponse.json({ categories: [], series: [{ name: '访问量', data: [] }] });
      }),
    );
    const user = userEvent.setup();
    renderView(<VisitorChart />);
    expect(await screen.findByText('图表加载失败')).toBeTruthy();
    expect(screen.queryByText(/所选时间内还没有访问/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(/所选时间内还没有访问/)).toBeTruthy();
    expect(calls).toBe(2);
  });
});
