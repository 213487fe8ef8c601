// @vitest-environment jsdom
import type { DocumentItem } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
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
