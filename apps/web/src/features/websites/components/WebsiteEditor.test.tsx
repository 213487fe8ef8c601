// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { WebsiteEditor } from './WebsiteEditor';

describe('新建微官网', () => {
  it('says which block is empty and saves nothing, then saves every block once it is filled', async () => {
    const saved: unknown[] = [];
    server.use(
      http.post('/api/visitingcard/miniWebsite/CreateMiniWebsite', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ id: 9 });
      }),
    );
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
