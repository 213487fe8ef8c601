// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { PublishDialog } from './PublishDialog';
import { SystemMessageDialog } from './SystemMessageDialog';

const errorsOf = (field: HTMLElement) =>
  field.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

function publishing(answer?: () => Response) {
  const sent: { classId: number; description: unknown }[] = [];
  server.use(
    http.post('/api/maint/message/Publish', async ({ request }) => {
      sent.push((await request.json()) as (typeof sent)[number]);
      return answer ? answer() : HttpResponse.json({ id: 1 });
    }),
  );
  return sent;
}

async function posterForm(user: ReturnType<typeof userEvent.setup>) {
  renderView(<PublishDialog open onClose={() => {}} />);
  await user.click(await screen.findByText('每日分享'));
  await user.type(screen.getByLabelText('标题'), '今日海报');
  return screen.getByLabelText('图片地址');
}

describe('发布消息', () => {
  it('asks for the poster image and checks its address under 图片地址, sending nothing', async () => {
    const sent = publishing();
    const user = userEvent.setup();
    const image = await posterForm(user);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(errorsOf(image)).toBe('请输入图片地址'));
    await user.type(image, 'not a url');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(errorsOf(image)).toBe('图片地址无效'));
    expect(sent).toEqual([]);
  });

  it("puts the server's refusal of the image under 图片地址, without the call's field path", async () => {
    publishing(() =>
      HttpResponse.json(
        {
          status: 400,
          title: 'Bad Request',
          detail: 'description.ImageUrl: 图片地址无效',
          field: 'description.ImageUrl',
        },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const user = userEvent.setup();
    const image = await posterForm(user);
    await user.type(image, 'https://example.com/a.png');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(errorsOf(image)).toBe('图片地址无效'));
  });

  it('keeps the lines of a system message: it opens with each line on its own', async () => {
    const sent = publishing();
    const user = userEvent.setup();
    renderView(<PublishDialog open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('标题'), '通知');
    await user.type(screen.getByLabelText('内容'), '第一行{Enter}第二行 <b>不是粗体</b>{Enter}第三行');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const html = String(sent[0].description);
    renderView(
      <SystemMessageDialog
        message={{
          id: 1,
          classId: 10000,
          createTime: '2026-12-01T00:00:00Z',
          title: '通知',
          description: html,
          routeLink: '',
          isRead: false,
        }}
        onClose={() => {}}
        go={() => {}}
      />,
    );
    const body = (await screen.findByTestId('system-message-dialog')).querySelector('.system-message-body');
    const lines = [...(body?.querySelectorAll('p') ?? [])].map((p) => p.textContent);
    expect(lines).toEqual(['第一行', '第二行 <b>不是粗体</b>', '第三行']);
    expect(body?.querySelector('b')).toBeNull();
  });
});
