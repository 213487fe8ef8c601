// @vitest-environment happy-dom
import type { NewsItem } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { renderView, server } from '../../../test/render';
import { NewsList } from './NewsList';

const news = (id: number): NewsItem => ({
  id,
  title: `引流资讯 ${id}`,
  summary: '摘要',
  source: '来源',
  keyword: '智能门锁',
  cover: '',
  publishedAt: '2026-12-01T00:00:00.000Z',
  isDemo: false,
});
const failure = () =>
  HttpResponse.json(
    { status: 500, title: '服务器错误' },
    { status: 500, headers: { 'content-type': 'application/problem+json' } },
  );

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

// InfiniteList said 暂无数据 when its call failed: once the error's toast was gone, 引流资讯 seemed to hold nothing.
describe('引流资讯 (InfiniteList) when its call fails', () => {
  it('says the list failed to load, not 暂无数据, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/agent/news/GetPagedAsync', () =>
        fail ? failure() : HttpResponse.json({ data: [news(1)], totalCount: 1, pageIndex: 1 }),
      ),
    );
    const user = userEvent.setup();
    renderView(<NewsList />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('引流资讯 1')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });

  it('says so in English too', async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('/api/agent/news/GetPagedAsync', failure));
    renderView(<NewsList />);
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('keeps the rows loaded when a next page fails, calls it once, and 重试 loads it', async () => {
    let calls = 0;
    let fail = true;
    server.use(
      http.get('/api/agent/news/GetPagedAsync', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('pageIndex'));
        if (page === 1) return HttpResponse.json({ data: [news(1)], totalCount: 2, pageIndex: 1 });
        calls += 1;
        return fail ? failure() : HttpResponse.json({ data: [news(2)], totalCount: 2, pageIndex: 2 });
      }),
    );
    const user = userEvent.setup();
    renderView(<NewsList />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.getByText('引流资讯 1')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(1);
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('引流资讯 2')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
