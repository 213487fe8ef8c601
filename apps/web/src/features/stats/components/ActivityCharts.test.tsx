// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderView } from '../../../test/render';
import { ActivityCharts } from './ActivityCharts';

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
});
