// @vitest-environment happy-dom
import type { Poster } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import PostersPage from './PostersPage';

const poster: Poster = {
  id: 1,
  title: '双十二智能门锁海报',
  imageUrl: '/uploads/poster-1.jpg',
  videoPicUrl: null,
  createTime: '2026-12-01T00:00:00.000Z',
};

describe('海报 when the list cannot be loaded', () => {
  // A failed call showed 暂无海报 once its toast was gone: the company's posters seemed not to exist.
  it('says the list failed to load, not 暂无海报, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/caspush/poster/list', () =>
        fail
          ? HttpResponse.json(
              { status: 500, title: '服务器错误' },
              { status: 500, headers: { 'content-type': 'application/problem+json' } },
            )
          : HttpResponse.json({ data: [poster], totalCount: 1, pageIndex: 1 }),
      ),
    );
    const user = userEvent.setup();
    renderView(<PostersPage />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无海报')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: poster.title })).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
