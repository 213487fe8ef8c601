// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderView } from '../../../test/render';
import { NO_FILTERS, VisitorFilters } from './VisitorFilters';

// A salesperson in New York in the afternoon: 2026-11-30 20:00 UTC is 15:00 on the 30th there, 04:00 on 1 December in
// China. (A worker thread keeps the process's zone whatever TZ says; the machine's UTC is west of China too, and the
// first line of the test checks that the browser's day is not China's.)
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T20:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
  process.env.TZ = zone;
});

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
