// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { browserClockAt } from '../../../test/clock';
import { renderView, server } from '../../../test/render';
import { FollowUpTab } from './FollowUpTab';

// A salesperson west of China in the evening: 2026-11-26 20:00 UTC is the 26th in the browser (UTC) and 04:00 on the
// 27th in China.
browserClockAt('2026-11-26T20:00:00Z');

function leadWithoutNotes() {
  server.use(
    http.get('/api/cus/leads/FollowUps', () => HttpResponse.json({ stage: 'new', nextContactOn: null, data: [] })),
    http.post('/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', () =>
      HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1, next: null }),
    ),
  );
}

describe('the next contact day outside China time', () => {
  it('offers China’s today (今天 picks it), never China’s yesterday', async () => {
    expect(new Date().getDate()).toBe(26); // the browser's own day
    leadWithoutNotes();
    const user = userEvent.setup();
    renderView(<FollowUpTab id={7} />);
    const form = await screen.findByTestId('follow-up-form');
    await user.click(within(form).getByLabelText('下次联系'));

    const popup = document.querySelector('.ant-picker-dropdown') as HTMLElement;
    const cell = (day: string) => popup.querySelector(`td[title="${day}"]`) as HTMLElement;
    // The calendar marks China's day as today, and the day before it may not be chosen.
    expect(cell('2026-11-27').className).toMatch(/ant-picker-cell-today/);
    expect(cell('2026-11-26').className).toMatch(/ant-picker-cell-disabled/);
    expect(cell('2026-11-27').className).not.toMatch(/ant-picker-cell-disabled/);

    const today = within(popup).getByText('今天');
    expect(today.getAttribute('aria-disabled')).not.toBe('true');
    await user.click(today);
    expect((within(form).getByLabelText('下次联系') as HTMLInputElement).value).toBe('2026-11-27');
  });
});
