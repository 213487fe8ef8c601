// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { browserClockAt } from '../../../test/clock';
import { renderView, server } from '../../../test/render';
import { ConsumeTab } from './ConsumeTab';

// An administrator west of China in the evening: 2026-12-01 18:00 UTC is the 1st in the browser (UTC) and 02:00 on the
// 2nd in China, the day the server's records are on.
browserClockAt('2026-12-01T18:00:00Z');

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
