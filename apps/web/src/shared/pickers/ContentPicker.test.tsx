// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../test/render';
import { ContentPicker } from './ContentPicker';

const article = (id: number, title: string) => ({ id, title, thumbnail: '' });

describe('选择文章', () => {
  it('does not offer the article whose related articles are chosen', async () => {
    server.use(
      http.post('/api/caspush/articlemanager/GetPickerList', () =>
        HttpResponse.json({ data: [article(1, '本文'), article(2, '另一篇')], totalCount: 2, pageIndex: 1 }),
      ),
    );
    renderView(<ContentPicker kind="article" open value={[]} exclude={1} onOk={() => {}} onCancel={() => {}} />);
    expect(await screen.findByText('另一篇')).toBeTruthy();
    expect(screen.queryByText('本文')).toBeNull();
  });
});

describe('选择文章 when its list cannot be loaded', () => {
  // It said 暂无数据 when the call failed, as if the company had no articles.
  it('says the list failed to load, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.post('/api/caspush/articlemanager/GetPickerList', () =>
        fail
          ? HttpResponse.json(
              { status: 500, title: '服务器错误' },
              { status: 500, headers: { 'content-type': 'application/problem+json' } },
            )
          : HttpResponse.json({ data: [article(2, '另一篇')], totalCount: 1, pageIndex: 1 }),
      ),
    );
    renderView(<ContentPicker kind="article" open value={[]} onOk={() => {}} onCancel={() => {}} />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('另一篇')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
