// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../shared/i18n';
import { renderView } from '../../../test/render';
import { ActivityCharts } from './ActivityCharts';

// A drawn chart's option, written out where a test can read it (the test DOM has no canvas); a loading one as it is.
vi.mock('../../../shared/chart/EChart', async (actual) => {
  const { EChart } = await actual<typeof import('../../../shared/chart/EChart')>();
  return {
    EChart: (props: Parameters<typeof EChart>[0]) =>
      props.loading ? <EChart {...props} /> : <pre data-testid="chart">{JSON.stringify(props.option ?? {})}</pre>,
  };
});

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('data view charts', () => {
  it('spin while their figures load instead of saying 暂无数据', async () => {
    const { container } = renderView(<ActivityCharts loading={{ trend: true, rank: true, products: true }} />);
    await screen.findByText('获客趋势');
    expect(container.querySelectorAll('.ant-spin').length).toBe(3);
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('say 暂无数据 once loaded with nothing to draw', async () => {
    const { container } = renderView(
      <ActivityCharts
        rank={{ hash: 'r', title: '成员排行', categories: [], series: [] }}
        products={{ total: 0, series: [] }}
        loading={{ trend: false }}
      />,
    );
    await screen.findByText('获客趋势');
    expect(container.querySelectorAll('.ant-empty').length).toBe(3);
    expect(container.querySelector('.ant-spin')).toBeNull();
  });

  it("name the interest pie's slices in the reader's language (the server names the kinds in Chinese)", async () => {
    await i18n.changeLanguage('en');
    renderView(
      <ActivityCharts
        products={{
          total: 9,
          series: [
            { name: '文章', value: 5 },
            { name: '微官网', value: 3 },
            { name: '宣传册', value: 1 },
          ],
        }}
      />,
    );
    const charts = await screen.findAllByTestId('chart');
    const pie = JSON.parse(charts.at(-1)?.textContent ?? '{}') as { series: { data: { name: string }[] }[] };
    expect(pie.series[0].data.map((d) => d.name)).toEqual(['Article', 'Mini website', 'Brochure']);
  });
});

describe('data view charts whose calls failed', () => {
  // A failed call said 暂无数据: the company seemed to have no visitors and no ranking.
  it('say 图表加载失败 with 重试, not 暂无数据, and 重试 asks again', async () => {
    const retried: string[] = [];
    const user = userEvent.setup();
    renderView(
      <ActivityCharts
        failed={{
          trend: () => retried.push('trend'),
          rank: () => retried.push('rank'),
          products: () => retried.push('products'),
        }}
      />,
    );
    expect(await screen.findAllByText('图表加载失败')).toHaveLength(3);
    expect(screen.queryByText('暂无数据')).toBeNull();
    const buttons = screen.getAllByRole('button', { name: /重\s*试/ });
    for (const b of buttons) await user.click(b);
    expect(retried).toEqual(['trend', 'rank', 'products']);
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    renderView(
      <ActivityCharts failed={{ rank: () => {} }} rank={{ hash: '', title: '', categories: [], series: [] }} />,
    );
    expect(await screen.findByText('The chart could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
