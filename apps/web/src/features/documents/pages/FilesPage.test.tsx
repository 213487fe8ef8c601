// @vitest-environment happy-dom
import type { DocumentItem } from '@huoke/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { clearMessages } from '../../../shared/request';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import FilesPage from './FilesPage';

const doc = (id: number, title: string, documentType: string): DocumentItem => ({
  id,
  title,
  documentType,
  createBy: '李员工',
  authorId: 2,
  createTime: '2026-12-01T00:00:00.000Z',
  wjtDocumentTypeId: null,
  fileId: id,
  fileUrl: `/api/fs/raw/${id}.${documentType}`,
  pdfUrl: null,
  size: 1024,
  isEnterprise: true,
  canEdit: true,
});

// 12 documents: the 10 newest PDFs fill page 1, the 2 Word files are on page 2.
const all = [
  ...Array.from({ length: 10 }, (_, i) => doc(i + 1, `手册${i + 1}`, 'pdf')),
  doc(11, '合同A', 'docx'),
  doc(12, '合同B', 'doc'),
];
const WORD = ['doc', 'docx'];

function answerDocuments() {
  server.use(
    http.post('/api/caspush/v2/WjtDocument/GetPageDataAsync', async ({ request }) => {
      const b = (await request.json()) as { pageIndex?: number; format?: string };
      const rows = b.format === 'word' ? all.filter((d) => WORD.includes(d.documentType)) : all;
      const start = ((b.pageIndex ?? 1) - 1) * 10;
      return HttpResponse.json({ data: rows.slice(start, start + 10), totalCount: rows.length, pageIndex: 1 });
    }),
    http.get('/api/crm/content-stats/List', () => HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 })),
    http.get('/api/caspush/v2/WjtDocument/GetDeletedAsync', () => HttpResponse.json({ data: [] })),
  );
}

describe('文件管理', () => {
  it('文件类型 WORD lists the Word files of every page, and the pager counts them', async () => {
    answerDocuments();
    const user = userEvent.setup();
    renderView(<FilesPage />);
    await screen.findByText('手册1');
    await user.click(screen.getByRole('combobox', { name: '文件类型' }));
    await user.click(await screen.findByTitle('WORD'));
    expect(await screen.findByText('合同A')).toBeTruthy();
    expect(screen.getByText('合同B')).toBeTruthy();
    expect(screen.queryByText('手册1')).toBeNull();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });
});

describe('文件管理: upload', () => {
  it('an upload from 企业文件 shows 我的文件, where the file went, with the SPEC wording 文件上传成功', async () => {
    answerDocuments();
    const bodies: { typeValue?: number }[] = [];
    server.use(
      http.post('/api/caspush/v2/WjtDocument/GetPageDataAsync', async ({ request }) => {
        bodies.push((await request.json()) as { typeValue?: number });
        return HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 });
      }),
      http.post('/api/fs/Files/AttachmentUpload', () =>
        HttpResponse.json({
          files: [{ id: 7, url: '/api/fs/raw/7.pdf', name: '新手册.pdf', ext: 'pdf', size: 16, fileType: 3 }],
        }),
      ),
      http.post('/api/caspush/v2/WjtDocument/CreateMany', () =>
        HttpResponse.json({ data: [{ ...doc(7, '新手册', 'pdf'), isEnterprise: false }] }),
      ),
    );
    renderView(<FilesPage />);
    const enterprise = await screen.findByRole('tab', { name: /企业文件/ });
    expect(enterprise.getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByTestId('document-upload-input'), {
      target: { files: [new File([new Uint8Array(16)], '新手册.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('文件上传成功')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '我的文件' }).getAttribute('aria-selected')).toBe('true');
    expect(bodies.at(-1)?.typeValue).toBe(2);
  });
});

describe('文件管理: upload, file by file', () => {
  // One bar stood for the whole batch, and one refused file failed all of them.
  it('shows each file with its own bar while it goes; a refused one is named with its reason, the rest are stored', async () => {
    answerDocuments();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // One request a file: the first (大手册.pdf) is held until released, the second (坏文件.pdf) refused. (The test DOM's
    // XMLHttpRequest sends a file's name as 'blob': the requests are told apart by their order.)
    const sent: number[] = [];
    const created: unknown[] = [];
    server.use(
      http.post('/api/fs/Files/AttachmentUpload', async ({ request }) => {
        const form = await request.formData();
        sent.push(form.getAll('file').length);
        if (sent.length === 1) await held;
        if (sent.length === 2)
          return HttpResponse.json(
            { status: 400, title: 'Bad Request', detail: '文件内容与扩展名不符', field: 'file' },
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          );
        return HttpResponse.json({
          files: [{ id: 7, url: '/api/fs/raw/7.pdf', name: '大手册.pdf', ext: 'pdf', size: 2048, fileType: 3 }],
        });
      }),
      http.post('/api/caspush/v2/WjtDocument/CreateMany', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ data: [{ ...doc(7, '大手册', 'pdf'), isEnterprise: false }] });
      }),
    );
    // The toast of the test before (文件上传成功 too) may still be up on a busy machine: this one's is looked for alone.
    clearMessages();
    renderView(<FilesPage />);
    await screen.findByText('手册1');
    const pdf = (name: string) => new File([new Uint8Array(2048)], name, { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('document-upload-input'), {
      target: {
        files: [pdf('大手册.pdf'), new File([new Uint8Array(4)], '工具.exe'), pdf('坏文件.pdf')],
      },
    });
    const list = await screen.findByRole('list', { name: '上传进度' });
    expect(within(list).getByLabelText('大手册.pdf').getAttribute('role')).toBe('progressbar');
    expect(within(list).getByText('工具.exe')).toBeTruthy();
    expect(within(list).getByText('不支持的文件格式')).toBeTruthy();
    release();
    await waitFor(() => expect(within(list).getByText('文件内容与扩展名不符')).toBeTruthy());
    expect(within(list).getByText('坏文件.pdf')).toBeTruthy();
    // Stored, 大手册.pdf leaves the list and becomes a document; each file went on its own, the refused type never.
    // (The test before's toast can still come up after clearMessages on a loaded machine: two such toasts then.)
    expect((await screen.findAllByText('文件上传成功')).length).toBeGreaterThan(0);
    expect(within(list).queryByText('大手册.pdf')).toBeNull();
    expect(sent).toEqual([1, 1]);
    expect(created).toEqual([{ fileIds: [7], isEnterprise: false }]);
  }, 60_000);
});

describe('文件管理: 最近删除', () => {
  it('lists what the server kept from before this page opened (with when), and 恢复 restores it', async () => {
    answerDocuments();
    // Deleted yesterday, in another visit of the page: the server's list, not this page's memory.
    let deleted = [{ ...doc(21, '去年的报价单', 'xlsx'), deletedAt: '2026-12-04T01:30:00.000Z' }];
    const restores: unknown[] = [];
    server.use(
      http.get('/api/caspush/v2/WjtDocument/GetDeletedAsync', () => HttpResponse.json({ data: deleted })),
      http.post('/api/caspush/v2/WjtDocument/DeleteSoftAsync', async ({ request }) => {
        restores.push(await request.json());
        deleted = [];
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderView(<FilesPage />);
    await user.click(await screen.findByRole('button', { name: '最近删除 (1)' }));
    expect(await screen.findByText('去年的报价单')).toBeTruthy();
    // China time: 01:30 UTC is 09:30.
    expect(screen.getByText('删除于 2026-12-04 09:30')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '恢 复' }));
    expect(restores).toEqual([{ id: 21, isTrueFalse: false }]);
    expect(await screen.findByText('30 天内没有删除过文件。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '最近删除' })).toBeTruthy();
  });
});

describe('文件管理: 最近删除 when it cannot be loaded', () => {
  // A failed call said 30 天内没有删除过文件。: the reader was told there was nothing to restore.
  it('says the list failed to load, not that nothing was deleted, and 重试 loads it', async () => {
    answerDocuments();
    let fail = true;
    const deleted = [{ ...doc(21, '去年的报价单', 'xlsx'), deletedAt: '2026-12-04T01:30:00.000Z' }];
    server.use(
      http.get('/api/caspush/v2/WjtDocument/GetDeletedAsync', () =>
        fail ? serverFailure() : HttpResponse.json({ data: deleted }),
      ),
    );
    const user = userEvent.setup();
    renderView(<FilesPage />);
    await screen.findByText('手册1');
    await user.click(screen.getByRole('button', { name: '最近删除' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('列表加载失败')).toBeTruthy();
    expect(within(drawer).queryByText('30 天内没有删除过文件。')).toBeNull();
    fail = false;
    await user.click(within(drawer).getByRole('button', { name: /重\s*试/ }));
    expect(await within(drawer).findByText('去年的报价单')).toBeTruthy();
    expect(within(drawer).queryByText('列表加载失败')).toBeNull();
  });
});
