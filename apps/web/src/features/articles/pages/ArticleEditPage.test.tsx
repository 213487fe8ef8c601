// @vitest-environment jsdom

import { DEFAULT_EDITOR_SETTINGS } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import ArticleEditPage from './ArticleEditPage';

function articleServer() {
  const saved: unknown[] = [];
  server.use(
    http.get('/api/caspush/SstArticleManagerType/GetHotList', () =>
      HttpResponse.json({ types: [{ id: 3, name: '行业资讯' }], data: [] }),
    ),
    http.get('/api/cus/editorsetting/Get', () => HttpResponse.json(DEFAULT_EDITOR_SETTINGS)),
    http.post('/api/caspush/SstArticleManager/AddNew', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ id: 1 });
    }),
  );
  return saved;
}

describe('article editor form', () => {
  it('asks for a title, then for the content, before saving', async () => {
    const saved = articleServer();
    const user = userEvent.setup();
    renderView(<ArticleEditPage />, { path: '/private-guest/articles/edit' });
    expect(await screen.findByText('新建文章')).toBeTruthy();
    const save = screen.getByRole('button', { name: /保\s*存/ });

    await user.click(save);
    expect(await screen.findByText('请输入标题', { selector: '.ant-form-item-explain-error' })).toBeTruthy();

    await user.type(screen.getByLabelText('标题'), '   ');
    await user.click(save);
    expect(await screen.findByText('请输入标题', { selector: '.ant-form-item-explain-error' })).toBeTruthy();

    await user.clear(screen.getByLabelText('标题'));
    await user.type(screen.getByLabelText('标题'), '如何用内容获客');
    await user.click(save);
    // Under the body, as the title's is under the title.
    expect(await screen.findByText('请输入内容', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('asks before 取消 throws typed work away, and 继续编辑 keeps it', async () => {
    articleServer();
    const user = userEvent.setup();
    renderView(<ArticleEditPage />, { path: '/private-guest/articles/edit' });
    await screen.findByText('新建文章');
    await user.type(screen.getByLabelText('标题'), '未保存的标题');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    const dialog = await screen.findByRole('dialog', { name: '放弃未保存的修改？' });
    await user.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    expect(screen.getByText('新建文章')).toBeTruthy();
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('未保存的标题');
  });

  it('takes the reader to the field that stops the save: 标题 gets the focus', async () => {
    articleServer();
    const user = userEvent.setup();
    renderView(<ArticleEditPage />, { path: '/private-guest/articles/edit' });
    expect(await screen.findByText('新建文章')).toBeTruthy();
    // The button sits below the 600 px editor: whoever clicks it has scrolled the title out of sight.
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('请输入标题', { selector: '.ant-form-item-explain-error' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('标题')));
  });
});
