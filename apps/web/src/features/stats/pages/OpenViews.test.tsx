// @vitest-environment happy-dom
import type { PublicRanks } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../shared/i18n';
import { renderView, server } from '../../../test/render';
import OpenDataPage from './OpenDataPage';
import RankingsPage from './RankingsPage';

// A drawn chart's option, written out where a test can read it (the test DOM has no canvas).
vi.mock('../../../shared/chart/EChart', () => ({
  EChart: (props: { option?: object }) => <pre data-testid="chart">{JSON.stringify(props.option ?? {})}</pre>,
}));

// As the server answers /public/ranks: the staff by place (第1名 …, no names), the kinds named in Chinese.
const RANKS: PublicRanks = {
  companyName: '演示科技有限公司',
  briefing: { weekStart: '2026-11-30', items: [] },
  trend: { hash: 'activity-trend', title: '获客趋势', categories: [], series: [] },
  staffRank: {
    hash: 'staff-rank',
    title: '成员排行',
    categories: ['第1名', '第2名', '第3名'],
    series: [{ key: 'visits', name: '访客数', data: [9, 5, 2] }],
  },
  products: {
    total: 12,
    series: [
      { name: '文章', value: 5 },
      { name: '产品', value: 4 },
      { name: '名片', value: 2 },
      { name: '微官网', value: 1 },
    ],
  },
};

const answerRanks = () => server.use(http.get('/api/public/ranks', () => HttpResponse.json(RANKS)));

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('the open views in English', () => {
  // /ranks/views showed 第1名 / 第2名 / 第3名 and 文章, 产品, 名片, 微官网 to an English reader.
  it('/ranks/views names the places and the kinds in English', async () => {
    await i18n.changeLanguage('en');
    answerRanks();
    renderView(<RankingsPage />, { path: '/ranks/views?code=abc' });
    await screen.findByText('No. 1');
    expect(screen.getByText('No. 3')).toBeTruthy();
    expect(screen.getByText('Article')).toBeTruthy();
    expect(screen.getByText('Mini website')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[第名文章产品微官网]/);
  });

  // /ranks/open-views labelled its bars 第1名, and the pie's labels beside the ring were cut on a phone ("Ar…").
  it('/ranks/open-views labels the bars by place in English and names the slices in the legend only', async () => {
    await i18n.changeLanguage('en');
    answerRanks();
    renderView(<OpenDataPage />, { path: '/ranks/open-views?code=abc' });
    const charts = await screen.findAllByTestId('chart');
    const [bar, pie] = charts.slice(-2).map((c) => JSON.parse(c.textContent ?? '{}'));
    // Horizontal bars, the first place at the top (the category axis runs upwards).
    expect(bar.yAxis.data).toEqual(['No. 3', 'No. 2', 'No. 1']);
    expect(JSON.stringify(bar)).not.toContain('名');
    expect(pie.legend).toMatchObject({ bottom: 0 });
    expect(pie.series[0].label).toEqual({ show: false });
    expect(pie.series[0].data.map((d: { name: string }) => d.name)).toEqual([
      'Article',
      'Product',
      'Card',
      'Mini website',
    ]);
  });
});
