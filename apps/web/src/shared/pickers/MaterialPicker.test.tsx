// @vitest-environment jsdom
import type { FileItem } from '@huoke/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { serverFailure } from '../../test/problem';
import { renderView, server } from '../../test/render';
import { MaterialPicker } from './MaterialPicker';

const file = (id: number, oldFileName: string, fileType: 1 | 2 | 3, mime: string): FileItem => ({
  id,
  oldFileName,
  coverFileName: '',
  url: `/api/fs/raw/c1/2026/01/${id}.bin`,
  fileGroupId: null,
  fileType,
  ext: oldFileName.split('.').pop() ?? '',
  mime,
  size: 100,
  width: null,
  height: null,
  createTime: '2026-01-01T00:00:00.000Z',
  isChecked: false,
});

/** The library: a picture, a PDF and a video; the server filters by the fileType it is sent, as the real one does. */
const library = [
  file(1, '门店.jpg', 2, 'image/jpeg'),
  file(2, '手册.pdf', 3, 'application/pdf'),
  file(3, '演示.mp4', 1, 'video/mp4'),
];

function libraryServer() {
  const asked: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/fs/FileGroup/All', () => HttpResponse.json([])),
    http.post('/api/fs/Files/FileManager', async ({ request }) => {
      const body = (await request.json()) as { fileType?: number; pageIndex: number };
      asked.push(body);
      const data = library.filter((f) => !body.fileType || f.fileType === body.fileType);
      return HttpResponse.json({ data, totalCount: data.length, pageIndex: body.pageIndex });
    }),
  );
  return asked;
}

describe('选择素材', () => {
  it('Esc while naming a new group drops the name only: the dialog and its selection stay', async () => {
    libraryServer();
    let cancelled = 0;
    const user = userEvent.setup();
    renderView(<MaterialPicker open onOk={() => {}} onCancel={() => cancelled++} />);
    const dialog = await screen.findByRole('dialog', { name: '选择素材' });
    await user.click(await within(dialog).findByRole('button', { name: /门店/ }));
    await user.click(within(dialog).getByRole('button', { name: /添加分组/ }));
    await user.type(await within(dialog).findByRole('textbox', { name: '请输入分组名称' }), '新分组{Escape}');
    expect(within(dialog).queryByRole('textbox', { name: '请输入分组名称' })).toBeNull();
    expect(cancelled).toBe(0);
    expect(screen.getByRole('dialog', { name: '选择素材' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /门店/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('an image picker lists pictures only, asking the server for them', async () => {
    const asked = libraryServer();
    renderView(<MaterialPicker open fileType={2} onOk={() => {}} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '选择素材' });
    expect(await within(dialog).findByRole('button', { name: /门店/ })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /手册/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /演示/ })).toBeNull();
    expect(asked.every((b) => b.fileType === 2)).toBe(true);
  });
});

describe('选择素材: upload', () => {
  // A large picture showed nothing until it was stored, and one refused file failed all of them without a name.
  it('shows each file with its own bar while it goes; a refused one is named with its reason, the rest are stored', async () => {
    libraryServer();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // One request a file: the first (大图.jpg) is held until released, the second (假图.png) refused. (jsdom's
    // XMLHttpRequest sends a file's name as 'blob': the requests are told apart by their order.)
    const sent: number[] = [];
    server.use(
      http.post('/api/fs/FilesOss/v2/PictureUpload', async ({ request }) => {
        const form = await request.formData();
        sent.push(form.getAll('Files').length);
        if (sent.length === 1) await held;
        if (sent.length === 2)
          return HttpResponse.json(
            { status: 400, title: 'Bad Request', detail: '文件内容与扩展名不符', field: 'Files' },
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          );
        return HttpResponse.json({ files: [file(9, '大图.jpg', 2, 'image/jpeg')] });
      }),
    );
    const user = userEvent.setup();
    renderView(<MaterialPicker open fileType={2} onOk={() => {}} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '选择素材' });
    const chosen = await within(dialog).findByRole('button', { name: /门店/ });
    await user.click(chosen);
    const picture = (name: string, type: string) => new File([new Uint8Array(2048)], name, { type });
    fireEvent.change(within(dialog).getByTestId('material-upload-input'), {
      target: {
        files: [picture('大图.jpg', 'image/jpeg'), picture('动图.gif', 'image/gif'), picture('假图.png', 'image/png')],
      },
    });
    const list = await within(dialog).findByRole('list', { name: '上传进度' });
    // (By its label: a role query over the whole dialog outlasted findBy's second on a busy machine.)
    expect(within(list).getByLabelText('大图.jpg').getAttribute('role')).toBe('progressbar');
    expect(within(list).getByText('动图.gif')).toBeTruthy();
    expect(within(list).getByText('只能上传 jpeg/png 格式的图片')).toBeTruthy();
    release();
    await waitFor(() => expect(within(list).getByText('文件内容与扩展名不符')).toBeTruthy());
    expect(within(list).getByText('假图.png')).toBeTruthy();
    // Stored, 大图.jpg leaves the list; each file went on its own, the refused type never.
    await waitFor(() => expect(within(list).queryByText('大图.jpg')).toBeNull());
    expect(sent).toEqual([1, 1]);
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
  }, 60_000);
});

describe('选择素材 on a phone', () => {
  it('fits the screen: the groups above the grid, the count in one piece', async () => {
    libraryServer();
    const real = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...real(query),
      matches: query.includes('max-width'),
    }));
    try {
      renderView(<MaterialPicker open onOk={() => {}} onCancel={() => {}} />);
      const dialog = await screen.findByRole('dialog', { name: '选择素材' });
      expect(within(dialog).getByTestId('material-picker').style.flexDirection).toBe('column');
      expect(within(dialog).getByTestId('material-groups').style.width).toBe('');
      const count = within(dialog).getByTestId('material-selected');
      expect(count.textContent).toBe('已选择 0 个');
      expect(count.style.whiteSpace).toBe('nowrap');
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('选择素材 when the files cannot be loaded', () => {
  // A failed call said 暂无素材 (or the like) once its toast was gone: the library seemed empty.
  it('says the list failed to load, not that there is nothing, and 重试 loads the tiles', async () => {
    let fail = true;
    libraryServer();
    server.use(
      http.post('/api/fs/Files/FileManager', () =>
        fail ? serverFailure() : HttpResponse.json({ data: library, totalCount: library.length, pageIndex: 1 }),
      ),
    );
    const user = userEvent.setup();
    renderView(<MaterialPicker open onOk={() => {}} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '选择素材' });
    expect(await within(dialog).findByText('列表加载失败')).toBeTruthy();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: /重\s*试/ }));
    expect(await within(dialog).findByRole('button', { name: /门店/ })).toBeTruthy();
    expect(within(dialog).queryByText('列表加载失败')).toBeNull();
  });
});
