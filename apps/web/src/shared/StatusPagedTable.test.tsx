// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderView } from '../test/render';
import { StatusPagedTable } from './StatusPagedTable';

describe('StatusPagedTable', () => {
  // antd names a Segmented "segmented control" in English: a screen reader said it in the Chinese console.
  it('names its status switch in the console language', async () => {
    renderView(
      <StatusPagedTable<{ id: number }, 'pending' | 'done'>
        statuses={['pending', 'done']}
        label={(s) => ({ pending: '待审核', done: '已审核', all: '全部' })[s]}
        status="all"
        onStatus={() => {}}
        columns={[{ title: '编号', dataIndex: 'id' }]}
        page={{ data: [], totalCount: 0 }}
        current={1}
        onPage={() => {}}
      />,
    );
    expect(await screen.findByRole('radiogroup', { name: '按状态查看' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'segmented control' })).toBeNull();
  });
});
