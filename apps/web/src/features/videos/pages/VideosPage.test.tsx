// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import VideosPage from './VideosPage';

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
