// @vitest-environment happy-dom
import type { Website } from '@huoke/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import WebsitesPage from './WebsitesPage';

const site = (id: number, title: string, canEdit: boolean): Website => ({
  id,
  title,
  cover: '',
  blocks: [{ type: 'text', text: title }],
  sort: id,
  createBy: canEdit ? '李员工' : '王管理',
  createTime: '2026-12-01T00:00:00.000Z',
  canEdit,
});

describe('mini-websites (微官网)', () => {
  it("offers 编辑 and 删除 only on the sites the reader may change; another's can still be shared", async () => {
    server.use(
      http.get('/api/visitingcard/miniWebsite/GetMiniWebsiteList/:flag', () =>
        HttpResponse.json({ data: [site(1, '公司官网', false), site(2, '我的站', true)], totalCount: 2, pageIndex: 1 }),
      ),
      http.get('/api/crm/content-stats/List', () => HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 })),
    );
    renderView(<WebsitesPage />);
    const company = await screen.findByTestId('website-1');
    const mine = screen.getByTestId('website-2');
    expect(within(company).getByRole('button', { name: /分\s*享/ })).toBeTruthy();
    expect(within(company).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(company).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(mine).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
  });
});

describe('微官网 分享', () => {
  it('names the site, shows its whole link with 复制链接 and the scanning hint, and offers 传播', async () => {
    server.use(
      http.get('/api/visitingcard/miniWebsite/GetMiniWebsiteList/:flag', () =>
        HttpResponse.json({ data: [site(1, '公司官网', false)], totalCount: 1, pageIndex: 1 }),
      ),
      http.get('/api/crm/content-stats/List', () => HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 })),
      http.post('/api/caspush/SstArticleShare/ShareContent', async ({ request }) => {
        expect(await request.json()).toEqual({ kind: 'website', id: 1 });
        return HttpResponse.json({
          link: 'http://localhost:3000/s/site-share-code-1',
          qrCode: 'data:image/png;base64,AA',
        });
      }),
    );
    const user = userEvent.setup();
    renderView(<WebsitesPage />);
    await user.click(within(await screen.findByTestId('website-1')).getByRole('button', { name: /分\s*享/ }));
    const drawer = await screen.findByRole('dialog', { name: '分享' });
    expect(within(drawer).getByRole('heading', { name: '公司官网' })).toBeTruthy();
    expect((within(drawer).getByLabelText('分享链接') as HTMLInputElement).value).toBe(
      'http://localhost:3000/s/site-share-code-1',
    );
    expect(within(drawer).getByRole('button', { name: '复制链接' })).toBeTruthy();
    expect(within(drawer).getByText('微信扫一扫，打开分享页')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /传\s*播/ })).toBeTruthy();
  });
});

describe('微官网 when the list cannot be loaded', () => {
  // A failed call showed 暂无微官网 once its toast was gone: the reader's sites seemed not to exist.
  it('says the list failed to load, not 暂无微官网, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/visitingcard/miniWebsite/GetMiniWebsiteList/:flag', () =>
        fail
          ? HttpResponse.json(
              { status: 500, title: '服务器错误' },
              { status: 500, headers: { 'content-type': 'application/problem+json' } },
            )
          : HttpResponse.json({ data: [site(1, '公司官网', false)], totalCount: 1, pageIndex: 1 }),
      ),
      http.get('/api/crm/content-stats/List', () => HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 })),
    );
    const user = userEvent.setup();
    renderView(<WebsitesPage />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无微官网')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('website-1')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
