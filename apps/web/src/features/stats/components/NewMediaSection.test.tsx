// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../shared/i18n';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { MetricTrendCard } from './MediaCards';
import { NewMediaSection } from './NewMediaSection';

vi.mock('../../../shared/chart/EChart', async (actual) => {
  const { EChart } = await actual<typeof import('../../../shared/chart/EChart')>();
  // A drawn chart is nothing here (the test DOM has no canvas); its loading and failure states are as they are.
  return {
    EChart: (props: Parameters<typeof EChart>[0]) => (props.loading || props.failed ? <EChart {...props} /> : null),
  };
});

const video = {
  id: 1,
  title: '新品发布会',
  cover: '',
  accountName: '获客通官方号',
  platform: 'kuaishou',
  platformName: '快手',
  plays: 44152,
  likes: 1203,
  comments: 5,
  shares: 2,
  isTop: true,
  isDemo: false,
  publishedAt: '2026-12-01T02:00:00Z',
};

/** 播放量 over 7 days, against the 7 before. */
const playsTrend = {
  metric: 'plays',
  title: '播放量',
  days: 7,
  total: 20796,
  previousTotal: 14959,
  categories: [],
  data: [],
};

/** The section's calls answered: a pinned 快手 video and a 抖音 account with reservations. */
function answerNewMedia() {
  server.use(
    http.get('/api/newmedia/OverView/QueryOverViewQty', () =>
      HttpResponse.json({
        accounts: 3,
        videos: 12,
        plays: 964916,
        likes: 1,
        comments: 1,
        shares: 1,
        fans: 1,
        reservations: 1,
      }),
    ),
    http.post('/api/newmedia/OverView/GetWDXGeneralTrend/:a/:b', () => HttpResponse.json(playsTrend)),
    http.post('/api/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank', () =>
      HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 }),
    ),
    http.get('/api/newmedia/ReservationMessage/QueryReservationAccount', () =>
      HttpResponse.json({
        data: [
          {
            id: 1,
            platform: 'douyin',
            platformName: '抖音',
            nickname: '小王',
            avatar: '',
            fans: 12500,
            reservations: 1024,
            lastReservationAt: null,
          },
        ],
        totalCount: 1,
        pageIndex: 1,
      }),
    ),
    http.get('/api/newmedia/PlatForm/ShortVideo/GetVideoDetails', () => HttpResponse.json({ data: [video] })),
  );
}

describe('新媒体', () => {
  it('groups thousands in every count, as the overview cards do', async () => {
    answerNewMedia();
    renderView(<NewMediaSection />);
    expect(await screen.findByText('合计 20,796 · 上一周期 14,959')).toBeTruthy();
    expect(await screen.findByText('获客通官方号 · 播放量 44,152 · 点赞数 1,203')).toBeTruthy();
    expect(await screen.findByText('12,500')).toBeTruthy();
    expect(screen.getByText('1,024')).toBeTruthy();
    expect(screen.getByText('快手')).toBeTruthy();
    expect(screen.getByText('抖音')).toBeTruthy();
  });

  it('names the platforms in English in the English console (the server sends their Chinese names)', async () => {
    answerNewMedia();
    await i18n.changeLanguage('en');
    try {
      renderView(<NewMediaSection />);
      expect(await screen.findByText('Kuaishou')).toBeTruthy();
      expect(await screen.findByText('Douyin')).toBeTruthy();
      expect(screen.queryByText('快手')).toBeNull();
      expect(screen.queryByText('抖音')).toBeNull();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});

describe('新媒体 指标趋势 when its call fails', () => {
  // A failed call left the card with its toggles and nothing under them: no chart, no word.
  it('says the chart failed to load, with 重试', async () => {
    let calls = 0;
    server.use(
      http.get('/api/newmedia/OverView/QueryOverViewQty', () => serverFailure()),
      http.post('/api/newmedia/OverView/GetWDXGeneralTrend/:a/:b', () =>
        ++calls === 1 ? serverFailure() : HttpResponse.json(playsTrend),
      ),
    );
    const user = userEvent.setup();
    renderView(<MetricTrendCard />);
    expect(await screen.findByText('图表加载失败')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(/20,796/)).toBeTruthy();
    expect(screen.queryByText('图表加载失败')).toBeNull();
  });
});

describe('新媒体 置顶作品 when its call fails', () => {
  // NewMediaSection gave ItemList the failure, which ItemList did not take: a failed call said 暂无数据.
  it('says the list failed to load, with 重试', async () => {
    let fail = true;
    server.use(
      http.get('/api/newmedia/OverView/QueryOverViewQty', () => serverFailure()),
      http.post('/api/newmedia/OverView/GetWDXGeneralTrend/:a/:b', () => serverFailure()),
      http.post('/api/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank', () =>
        HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 }),
      ),
      http.get('/api/newmedia/ReservationMessage/QueryReservationAccount', () =>
        HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 }),
      ),
      http.get('/api/newmedia/PlatForm/ShortVideo/GetVideoDetails', () =>
        fail ? serverFailure() : HttpResponse.json({ data: [video] }),
      ),
    );
    const user = userEvent.setup();
    renderView(<NewMediaSection />);
    const card = (await screen.findByText('置顶作品')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('列表加载失败')).toBeTruthy();
    expect(within(card).queryByText('暂无数据')).toBeNull();
    fail = false;
    await user.click(within(card).getByRole('button', { name: /重\s*试/ }));
    expect(await within(card).findByText('获客通官方号 · 播放量 44,152 · 点赞数 1,203')).toBeTruthy();
  });
});
