// @vitest-environment happy-dom

import type { Website } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderView, server } from '../../../test/render';
import { WebsiteEditor } from './WebsiteEditor';

const confirmButton = /确\s*认/;

/**
 * The latest dialog of this title, found by its text: in this DOM every dialog is labelled by the same id (a name
 * picks the first one's title), and a closed one stays in it (its closing motion never ends).
 */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const headings = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  return headings[headings.length - 1].closest<HTMLElement>('[role="dialog"]') as HTMLElement;
}

/** A saved site as the list answers it: an article block whose article is there, and one whose article is gone. */
const site: Website = {
  id: 7,
  title: '产品站',
  cover: '',
  blocks: [
    { type: 'article', id: 1, title: '获客之道' },
    { type: 'article', id: 9999, title: null },
  ],
  sort: 1,
  createBy: '李员工',
  createTime: '2026-12-01T00:00:00.000Z',
  canEdit: true,
};

/** Answers 确认 on a new site as the server does; the bodies it was sent, in order. */
function answerCreate(): unknown[] {
  const saved: unknown[] = [];
  server.use(
    http.post('/api/visitingcard/miniWebsite/CreateMiniWebsite', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ id: 9 });
    }),
  );
  return saved;
}

// A test that opens the editor and its article picker took 15 s alone on a busy machine, and ran past 30 s once in a
// full run.
describe('新建微官网', { timeout: 60_000 }, () => {
  it('says which block is empty and saves nothing, then saves every block once it is filled', async () => {
    const saved = answerCreate();
    const user = userEvent.setup();
    renderView(<WebsiteEditor open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('标题'), '公司官网');
    await user.click(within(dialog).getByRole('button', { name: '+ 文本' }));
    await user.click(within(dialog).getByRole('button', { name: '+ 名片' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', '请输入文本，或删除此区块');
    expect(saved).toEqual([]);

    const text = dialog.querySelector<HTMLTextAreaElement>('[data-block="0"] textarea');
    if (!text) throw new Error('the text block has no text area');
    await user.type(text, '关于我们');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0]).toMatchObject({
      title: '公司官网',
      blocks: [{ type: 'text', text: '关于我们' }, { type: 'card' }],
    });
  });
});

describe('the article blocks of a mini-website', { timeout: 60_000 }, () => {
  it('shows the picked article by its title, never a number box, and saves its id', async () => {
    const saved = answerCreate();
    server.use(
      http.post('/api/caspush/articlemanager/GetPickerList', () =>
        HttpResponse.json({
          data: [
            { id: 1, title: '获客之道', thumbnail: '' },
            { id: 2, title: '内容营销入门', thumbnail: '' },
          ],
          totalCount: 2,
          pageIndex: 1,
        }),
      ),
    );
    const user = userEvent.setup();
    renderView(<WebsiteEditor open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('标题'), '公司官网');
    await user.click(within(dialog).getByRole('button', { name: '+ 文章' }));
    const block = () => dialog.querySelector<HTMLElement>('[data-block="0"]') as HTMLElement;
    expect(within(block()).getByText('尚未选择文章')).toBeTruthy();
    await user.click(within(block()).getByRole('button', { name: /选\s*择/ }));
    const picker = await dialogTitled('选择文章');
    await user.click(await within(picker).findByText('内容营销入门'));
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(block()).getByText('内容营销入门')).toBeTruthy());
    expect(within(block()).queryByRole('spinbutton')).toBeNull();
    expect(within(block()).queryByText('尚未选择文章')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: confirmButton }));
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0]).toMatchObject({ title: '公司官网', blocks: [{ type: 'article', id: 2 }] });
    expect((saved[0] as { blocks: object[] }).blocks[0]).not.toHaveProperty('title');
  });

  it('says at a saved block that its article is gone, and saves nothing until it is chosen again', async () => {
    const saved: unknown[] = [];
    server.use(
      http.put('/api/visitingcard/miniWebsite/ModifyMiniWebsite/:id', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderView(<WebsiteEditor open website={site} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const kept = dialog.querySelector<HTMLElement>('[data-block="0"]') as HTMLElement;
    const gone = dialog.querySelector<HTMLElement>('[data-block="1"]') as HTMLElement;
    expect(within(kept).getByText('获客之道')).toBeTruthy();
    expect(within(gone).getByText('内容已删除，请重新选择')).toBeTruthy();
    expect(within(dialog).queryByText('9999')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: confirmButton }));
    expect(await within(gone).findByRole('alert')).toHaveProperty('textContent', '内容已删除，请重新选择');
    expect(saved).toEqual([]);
  });
});

describe('closing the mini-website editor', { timeout: 60_000 }, () => {
  it('closes on Esc at once when nothing was changed', async () => {
    const user = userEvent.setup();
    const closed = vi.fn();
    renderView(<WebsiteEditor open website={site} onClose={closed} />);
    await dialogTitled('编辑微官网');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('放弃未保存的修改？')).toBeNull();
  });

  it('asks on Esc after a block was added; 继续编辑 keeps the blocks, 放弃修改 closes', async () => {
    const user = userEvent.setup();
    const closed = vi.fn();
    renderView(<WebsiteEditor open website={site} onClose={closed} />);
    const dialog = await dialogTitled('编辑微官网');
    await user.click(within(dialog).getByRole('button', { name: '+ 文本' }));
    await user.type(dialog.querySelector('[data-block="2"] textarea') as HTMLTextAreaElement, '关于我们');
    await user.keyboard('{Escape}');
    const question = await dialogTitled('放弃未保存的修改？');
    expect(within(question).getByText('关闭后，本次对标题、封面和内容区块的修改将不会保存。')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: '继续编辑' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(closed).not.toHaveBeenCalled();
    expect(dialog.querySelectorAll('[data-block]')).toHaveLength(3);
    expect((dialog.querySelector('[data-block="2"] textarea') as HTMLTextAreaElement).value).toBe('关于我们');

    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    // A second question, not the first one answered (it stays in this DOM).
    await waitFor(() =>
      expect(screen.getAllByText('放弃未保存的修改？', { selector: '.ant-modal-title' })).toHaveLength(2),
    );
    const again = await dialogTitled('放弃未保存的修改？');
    await user.click(within(again).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
  });

  it('asks after only the title was typed', async () => {
    const user = userEvent.setup();
    const closed = vi.fn();
    renderView(<WebsiteEditor open onClose={closed} />);
    const dialog = await dialogTitled('新建微官网');
    await user.type(within(dialog).getByLabelText('标题'), '公司官网');
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(await dialogTitled('放弃未保存的修改？')).toBeTruthy();
    expect(closed).not.toHaveBeenCalled();
  });
});

describe('新建微官网: blocks', { timeout: 60_000 }, () => {
  it('says 请至少添加一个内容区块 under the blocks with 请输入标题, saves nothing, and lets the user save once one is added', async () => {
    const saved = answerCreate();
    const user = userEvent.setup();
    renderView(<WebsiteEditor open onClose={() => {}} />);
    const dialog = await dialogTitled('新建微官网');
    await user.click(within(dialog).getByRole('button', { name: confirmButton }));
    expect(await within(dialog).findByText('请至少添加一个内容区块')).toBeTruthy();
    expect(within(dialog).getByText('请输入标题')).toBeTruthy();
    expect(saved).toEqual([]);
    await user.type(within(dialog).getByLabelText('标题'), '公司官网');
    await user.click(within(dialog).getByRole('button', { name: '+ 名片' }));
    await waitFor(() => expect(within(dialog).queryByText('请至少添加一个内容区块')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: confirmButton }));
    await waitFor(() => expect(saved).toEqual([{ title: '公司官网', cover: '', blocks: [{ type: 'card' }] }]));
  });

  it('offers + 名片 once: the button is disabled while the site has a card block, and again once it is removed', async () => {
    const user = userEvent.setup();
    renderView(<WebsiteEditor open onClose={() => {}} />);
    const dialog = await dialogTitled('新建微官网');
    const card = within(dialog).getByRole('button', { name: '+ 名片' });
    await user.click(card);
    expect(card).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('+ 文本').closest('button')).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByLabelText('移除'));
    expect(card).toHaveProperty('disabled', false);
  });
});
