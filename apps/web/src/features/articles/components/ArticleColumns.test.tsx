// @vitest-environment happy-dom
import type { ArticleListItem } from '@huoke/contracts';
import { screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderView } from '../../../test/render';
import { useArticleColumns } from './ArticleColumns';

const article = {
  id: 1,
  title: '无分类的文章',
  articleFrom: '',
  createTime: '2026-12-01T00:00:00.000Z',
  thumbnail: '',
  sstTypeString: '',
  typeId: null,
  createBy: '李员工',
  authorId: 2,
  isShareToEnterprise: false,
  canEdit: true,
  summary: '',
} as ArticleListItem;

function List() {
  const columns = useArticleColumns(false, new Map(), { open: () => {}, stats: () => {}, remove: async () => {} });
  return <Table rowKey="id" columns={columns} dataSource={[article]} pagination={false} />;
}

describe('article list', () => {
  it("an article of no category shows '- -' in 分类", async () => {
    renderView(<List />);
    const row = (await screen.findByText('无分类的文章')).closest('tr') as HTMLElement;
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cell = within(row).getAllByRole('cell')[header.indexOf('分类')];
    expect(cell.textContent).toBe('- -');
  });
});
