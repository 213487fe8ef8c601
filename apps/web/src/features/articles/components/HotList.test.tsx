// @vitest-environment happy-dom
import type { ArticleListItem } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { HotList } from './HotList';

const article = (id: number, title: string): ArticleListItem => ({
  id,
  title,
  articleFrom: '',
  createTime: '2026-12-01T08:00:00.000Z',
  thumbnail: '',
  sstTypeString: '',
  typeId: null,
  createBy: '管理员',
  authorId: 1,
  isShareToEnterprise: false,
  canEdit: true,
  summary: '',
});

describe('热门文章', () => {
  it('opens an article from the keyboard: each row is a tab stop that Enter opens', async () => {
    server.use(
      http.get('/api/caspush/SstArticleManagerType/GetHotList', () =>
        HttpResponse.json({ types: [], data: [article(7, '获客通产品介绍'), article(9, '年度宣传册')] }),
      ),
    );
    const onOpen = vi.fn();
    renderView(<HotList onOpen={onOpen} />);
    const second = await screen.findByRole('button', { name: /年度宣传册/ });
    const user = userEvent.setup();
    second.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(9);
    await user.click(screen.getByRole('button', { name: /获客通产品介绍/ }));
    expect(onOpen).toHaveBeenLastCalledWith(7);
  });

  it('says so when no article has been read yet', async () => {
    server.use(
      http.get('/api/caspush/SstArticleManagerType/GetHotList', () => HttpResponse.json({ types: [], data: [] })),
    );
    const { container } = renderView(<HotList onOpen={() => {}} />);
    await screen.findByText('暂无数据', { selector: '.ant-empty-description' });
    expect(container.querySelector('li')).toBeNull();
  });
});

describe('热门文章 when it cannot be loaded', () => {
  // A failed call said 暂无数据: no article seemed to have been read.
  it('says the list failed to load, not 暂无数据, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/caspush/SstArticleManagerType/GetHotList', () =>
        fail ? serverFailure() : HttpResponse.json({ types: [], data: [article(7, '获客通产品介绍')] }),
      ),
    );
    const user = userEvent.setup();
    renderView(<HotList onOpen={() => {}} />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: /获客通产品介绍/ })).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
