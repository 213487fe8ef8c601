// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { TrendCard } from './TrendCard';

// The drawn chart's series, written out where a test can read them (the test DOM has no canvas); other states as they are.
vi.mock('../../../shared/chart/EChart', async (actual) => {
  const { EChart } = await actual<typeof import('../../../shared/chart/EChart')>();
  return {
    EChart: (props: Parameters<typeof EChart>[0]) =>
      props.loading || props.failed ? (
        <EChart {...props} />
      ) : (
        <pre data-testid="chart">{JSON.stringify(props.option)}</pre>
      ),
  };
});

describe('工作台 trend', () => {
  // A failed call said 工作台数据加载失败 (the whole workbench's words) with no way to ask again but a reload.
  it('says the chart failed to load, with 重试 that draws it', async () => {
    let calls = 0;
    server.use(
      http.get('/api/crm/workbench/Trend', () =>
        ++calls === 1
          ? serverFailure()
          : HttpResponse.json({
              days: ['2026-12-05'],
              shares: [1],
              visitors: [4],
              leads: [2],
              consults: [1],
            }),
      ),
    );
    const user = userEvent.setup();
    renderView(<TrendCard isAdmin={false} />);
    expect(await screen.findByText('图表加载失败')).toBeTruthy();
    expect(screen.queryByText('工作台数据加载失败')).toBeNull();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect((await screen.findByTestId('chart')).textContent).toContain('"data":[4]');
    expect(screen.queryByText('图表加载失败')).toBeNull();
  });
});
