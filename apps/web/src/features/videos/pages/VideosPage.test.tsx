// @vitest-environment happy-dom
import type { VideoItem } from '@huoke/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import VideosPage from './VideosPage';

const video: VideoItem = {
  id: 5,
  title: '智能门锁安装演示',
  videoPicUrl: '',
  sstTypeString: '',
  wjtVideoTypeId: null,
  createBy: '李员工',
  authorId: 2,
  createTime: '2026-12-01T00:00:00.000Z',
  fileId: 9,
  fileUrl: '/api/fs/raw/9.mp4',
  description: '',
  isEnterprise: true,
  canEdit: true,
};

const file = { id: 9, oldFileName: 'demo.mp4', coverFileName: '', url: '/api/fs/raw/9.mp4', fileGroupId: null };

describe('视频管理: upload', () => {
  it('an upload from 企业视频 shows 我的视频, where the video went, with the SPEC wording 视频上传成功', async () => {
    const tabs: (string | null)[] = [];
    server.use(
      http.post('/api/caspush/v2/WjtVideo/GetPageDataAsync', ({ request }) => {
        tabs.push(new URL(request.url).searchParams.get('typeValue'));
        return HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 });
      }),
      http.get('/api/crm/content-stats/List', () => HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 })),
      http.post('/api/fs/Files/ChunkUpload', () =>
        HttpResponse.json({
          uploadId: 'upload-0001',
          isComplete: true,
          isContinue: false,
          nextPartNumber: 0,
          newFileName: file.url,
          file: { ...file, fileType: 1, ext: 'mp4', size: 16 },
        }),
      ),
      http.post('/api/caspush/v2/WjtVideo/Create', () =>
        HttpResponse.json({
          id: 9,
          title: 'demo',
          videoPicUrl: '',
          sstTypeString: '',
          wjtVideoTypeId: null,
          createBy: '李员工',
          authorId: 2,
          createTime: '2026-12-01T00:00:00.000Z',
          fileId: 9,
          fileUrl: file.url,
          description: '',
          isEnterprise: false,
          canEdit: true,
        }),
      ),
    );
    const user = userEvent.setup();
    renderView(<VideosPage />);
    const enterprise = await screen.findByRole('tab', { name: '企业视频' });
    expect(enterprise.getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('button', { name: /上传视频/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('video-file-input'), {
      target: { files: [new File([new Uint8Array(16)], 'demo.mp4', { type: 'video/mp4' })] },
    });
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('视频上传成功')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '我的视频' }).getAttribute('aria-selected')).toBe('true');
    expect(tabs.at(-1)).toBe('2');
  });
});

describe('视频管理 when the list cannot be loaded', () => {
  // A failed call showed 暂无数据 once its toast was gone: the company's videos seemed not to exist.
  it('says the list failed to load, not 暂无数据, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.post('/api/caspush/v2/WjtVideo/GetPageDataAsync', () =>
        fail ? serverFailure() : HttpResponse.json({ data: [video], totalCount: 1, pageIndex: 1 }),
      ),
      http.get('/api/crm/content-stats/List', () => HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 })),
    );
    const user = userEvent.setup();
    renderView(<VideosPage />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: `播放 ${video.title}` })).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
