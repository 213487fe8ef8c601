// @vitest-environment happy-dom

import { DEFAULT_EDITOR_SETTINGS } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Link, useLocation } from 'react-router';
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

/** The sidebar's link, and where the app is. */
function Elsewhere() {
  const { pathname } = useLocation();
  return (
    <>
      <Link to="/private-guest/videos">视频管理</Link>
      <output aria-label="地址">{pathname}</output>
    </>
  );
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

  it('asks before a link elsewhere (the sidebar) throws typed work away: 继续编辑 stays, 放弃修改 goes', async () => {
    articleServer();
    const user = userEvent.setup();
    const render = () =>
      renderView(
        <>
          <Elsewhere />
          <ArticleEditPage />
        </>,
        { path: '/private-guest/articles/edit' },
      );
    const where = () => screen.getByLabelText('地址').textContent;
    // A question of an earlier test may still be fading out: count this test's own.
    const questions = () => screen.queryAllByRole('dialog', { name: '放弃未保存的修改？' });
    const before = questions().length;
    const link = () => screen.getByRole('link', { name: '视频管理' });

    // Nothing typed: the link goes at once.
    const first = render();
    await screen.findByText('新建文章');
    await user.click(link());
    await waitFor(() => expect(where()).toBe('/private-guest/videos'));
    expect(questions()).toHaveLength(before);
    first.unmount();

    render();
    await screen.findByText('新建文章');
    await user.type(screen.getByLabelText('标题'), '未保存的标题');
    await user.click(link());
    await waitFor(() => expect(questions()).toHaveLength(before + 1));
    await user.click(within(questions()[before]).getByRole('button', { name: '继续编辑' }));
    expect(where()).toBe('/private-guest/articles/edit');
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('未保存的标题');

    await user.click(link());
    await waitFor(() => expect(questions()).toHaveLength(before + 2));
    await user.click(within(questions()[before + 1]).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(where()).toBe('/private-guest/videos'));
  });

  it('保存 with neither title nor content says both at once', async () => {
    const saved = articleServer();
    const user = userEvent.setup();
    renderView(<ArticleEditPage />, { path: '/private-guest/articles/edit' });
    expect(await screen.findByText('新建文章')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入标题', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(await screen.findByText('请输入内容', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(saved).toEqual([]);
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

  // There was no way to see the article as a visitor will before publishing it.
  it('预览 shows the article being written as its share page, in a phone-wide sandboxed frame, saving nothing', async () => {
    const saved = articleServer();
    const asked: unknown[] = [];
    server.use(
      http.post('/api/caspush/SstArticleShare/GetArticlePreview', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({
          html: '<!doctype html><html><head><style>main{max-width:640px}</style></head><body><main><h1>如何用内容获客</h1></main></body></html>',
        });
      }),
    );
    const user = userEvent.setup();
    renderView(<ArticleEditPage />, { path: '/private-guest/articles/edit' });
    await screen.findByText('新建文章');
    await user.type(screen.getByLabelText('标题'), '如何用内容获客');
    await user.type(screen.getByLabelText('来源'), '获客通');
    await user.click(screen.getByRole('button', { name: /预\s*览/ }));
    const frame = (await screen.findByTitle('分享页预览')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>如何用内容获客</h1>');
    expect(frame.style.maxWidth).toBe('375px');
    expect(asked).toEqual([{ title: '如何用内容获客', articleFrom: '获客通', content: '' }]);
    expect(saved).toEqual([]);
  });
});
