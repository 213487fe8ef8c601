// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../test/render';
import { GroupList } from './GroupList';
import TEXTS from './texts';

const groupsServer = () =>
  server.use(http.get('/api/fs/FileGroup/All', () => HttpResponse.json([{ id: 3, name: '产品图', canEdit: true }])));

describe('material groups', () => {
  // They were bare icons (role img, named edit-group / delete-group) that no Tab reached.
  it("names a group's edit and delete buttons, reached with Tab; Enter edits without choosing the group", async () => {
    groupsServer();
    const chosen: number[] = [];
    const user = userEvent.setup();
    renderView(<GroupList tx={TEXTS['zh-CN']} value={0} onChange={(id) => chosen.push(id)} />);
    const edit = await screen.findByRole('button', { name: '编辑分组' });
    expect(screen.getByRole('button', { name: '删除分组' })).toBeTruthy();

    for (let i = 0; i < 10 && document.activeElement !== edit; i++) await user.tab();
    expect(document.activeElement).toBe(edit);
    await user.keyboard('{Enter}');
    expect(((await screen.findByRole('textbox', { name: '请输入分组名称' })) as HTMLInputElement).value).toBe('产品图');
    expect(chosen).toEqual([]);
  });

  it('shows the name as a tooltip too, and in English', async () => {
    groupsServer();
    const user = userEvent.setup();
    renderView(<GroupList tx={TEXTS.en} value={0} onChange={() => {}} />);
    const remove = await screen.findByRole('button', { name: 'Delete group' });
    expect(screen.getByRole('button', { name: 'Edit group' })).toBeTruthy();
    await user.hover(remove);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Delete group');
  });
});

describe("another member's group", () => {
  it('offers no edit or delete where the server would refuse them', async () => {
    server.use(
      http.get('/api/fs/FileGroup/All', () =>
        HttpResponse.json([
          { id: 3, name: '产品图', canEdit: true },
          { id: 4, name: '管理员的分组', canEdit: false },
        ]),
      ),
    );
    renderView(<GroupList tx={TEXTS['zh-CN']} value={0} onChange={() => {}} />);
    expect(await screen.findByText('管理员的分组')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '编辑分组' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '删除分组' })).toHaveLength(1);
  });
});
