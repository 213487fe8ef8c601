// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderView, server } from '../../../test/render';
import { ConsumeTab } from './ConsumeTab';

// An administrator in New York in the afternoon: 2026-12-01 18:00 UTC is 13:00 on the 1st there, and 02:00 on the 2nd
// in China, the day the server's records are on. (A worker thread keeps the process's zone whatever TZ says; the
// machine's UTC is west of China too, and the first line of the test checks that the browser's day is not China's.)
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T18:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
  process.env.TZ = zone;
});

describe('消费记录’s time range outside China time', () => {
  it('calls China’s day today, and it may end the range', async () => {
    expect(new Date().getDate()).toBe(1); // the browser's own day
    server.use(
      http.get('/api/cus/customersaccount/GetCurrCustomerConsumePageList', () =>
        HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 }),
      ),
    );
    const user = userEvent.setup();
    renderView(<ConsumeTab />, { path: '/cost/detail?tab=consume' });
    await user.click(screen.getByPlaceholderText('开始日期'));

    const popup = document.querySelector('.ant-picker-dropdown') as HTMLElement;
    const cell = (day: string) => popup.querySelector(`td.ant-picker-cell-in-view[title="${day}"]`) as HTMLElement;
    expect(cell('2026-12-02').className).toMatch(/ant-picker-cell-today/);
    expect(cell('2026-12-02').className).not.toMatch(/ant-picker-cell-disabled/);
    expect(cell('2026-12-03').className).toMatch(/ant-picker-cell-disabled/);
    expect(popup.querySelectorAll('.ant-picker-cell-today')).toHaveLength(1);
  });
});
