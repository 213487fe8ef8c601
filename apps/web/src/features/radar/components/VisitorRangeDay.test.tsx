// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserClockAt } from '../../../test/clock';
import { renderView } from '../../../test/render';
import { NO_FILTERS, VisitorFilters } from './VisitorFilters';

// A salesperson west of China in the evening: 2026-11-30 20:00 UTC is the 30th in the browser (UTC) and 04:00 on
// 1 December in China.
browserClockAt('2026-11-30T20:00:00Z');

describe('the visitor list’s time range outside China time', () => {
  it('calls China’s day today, and it may end the range', async () => {
    expect(new Date().getDate()).toBe(30); // the browser's own day
    const user = userEvent.setup();
    renderView(<VisitorFilters value={NO_FILTERS} onChange={() => {}} />);
    await user.click(screen.getByPlaceholderText('开始日期'));

    const popup = document.querySelector('.ant-picker-dropdown') as HTMLElement;
    const cell = (day: string) => popup.querySelector(`td.ant-picker-cell-in-view[title="${day}"]`) as HTMLElement;
    expect(cell('2026-12-01').className).toMatch(/ant-picker-cell-today/);
    expect(cell('2026-12-01').className).not.toMatch(/ant-picker-cell-disabled/);
    expect(cell('2026-12-02').className).toMatch(/ant-picker-cell-disabled/);
    expect(popup.querySelectorAll('.ant-picker-cell-today')).toHaveLength(1);
  });
});
