import { describe, expect, it } from 'vitest';
import { downloadName } from './pages.js';

describe("a shared document's 下载文件", () => {
  it("saves under the document's title with its file's extension, not the stored key", () => {
    expect(downloadName({ title: '2026 产品手册', fileUrl: '/files/0f298e17-d212-4ef2-9af2-d7983752f84d.pdf' })).toBe(
      '2026 产品手册.pdf',
    );
    expect(downloadName({ title: '报价单.XLSX', fileUrl: '/api/fs/raw/ab12.xlsx?x=1' })).toBe('报价单.XLSX');
    expect(downloadName({ title: 'a/b:c', fileUrl: '/files/k.docx' })).toBe('a b c.docx');
  });
});
