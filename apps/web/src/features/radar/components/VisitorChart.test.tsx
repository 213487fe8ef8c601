// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
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
});
