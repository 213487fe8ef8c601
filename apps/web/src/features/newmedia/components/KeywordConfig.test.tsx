// @vitest-environment happy-dom
import type { MediaKeyword } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../shared/session';
import { staffInfo } from '../../../test/fixtures';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { KeywordConfig } from './KeywordConfig';

const keyword: MediaKeyword = {
  id: 7,
  keyword: '获客系统',
  productName: '获客通旗舰版',
  searchVolume: null,
  videoCount: null,
  rank: 1,
  isDemo: false,
};

function keywords() {
  server.use(
    http.get('/api/newmedia/SvideoProductKeyword/GetKeywordAll', () => HttpResponse.json({ data: [keyword] })),
  );
}

describe('关键词配置', () => {
  afterEach(() => useSession.getState().clear());

  it('shows staff the keywords without 添加 and 删除 (the server refuses both to them)', async () => {
    keywords();
    useSession.getState().setSession(staffInfo(), []);
    renderView(<KeywordConfig />);
    expect(await screen.findByText('获客系统')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /添\s*加/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByPlaceholderText('关键词')).toBeNull();
  });

  it('offers administrators 添加 and 删除, which names the keyword; a refused delete is shown, never left uncaught', async () => {
    const user = userEvent.setup();
    keywords();
    let deletes = 0;
    server.use(
      http.delete('/api/newmedia/SvideoProductKeyword/:id', () => {
        deletes += 1;
        return HttpResponse.json({ title: '您没有权限执行此操作', detail: '您没有权限执行此操作' }, { status: 403 });
      }),
    );
    useSession.getState().setSession({ ...staffInfo({ role: 'admin' }), isAdmin: true }, []);
    renderView(<KeywordConfig />);
    expect(await screen.findByText('获客系统')).toBeTruthy();
    expect(screen.getByRole('button', { name: /添\s*加/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    const pop = await waitFor(() => {
      const el = document.querySelector('.ant-popconfirm') as HTMLElement | null;
      expect(el).toBeTruthy();
      return el as HTMLElement;
    });
    // It names the keyword that goes, as the console's other deletes name theirs.
    expect(within(pop).getByText('确定删除关键词「获客系统」？')).toBeTruthy();
    await user.click(within(pop).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(deletes).toBe(1));
    expect(await screen.findByText('您没有权限执行此操作')).toBeTruthy();
  });
});

describe('关键词配置 when the keywords cannot be loaded', () => {
  afterEach(() => useSession.getState().clear());

  // A failed call showed an empty table: the company's keywords seemed not to exist, and an admin added them again.
  it('says the list failed to load, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/newmedia/SvideoProductKeyword/GetKeywordAll', () =>
        fail ? serverFailure() : HttpResponse.json({ data: [keyword] }),
      ),
    );
    useSession.getState().setSession(staffInfo(), []);
    const user = userEvent.setup();
    renderView(<KeywordConfig />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('获客系统')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
