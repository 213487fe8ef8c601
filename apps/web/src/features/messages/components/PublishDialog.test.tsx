// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { endDialogMotion } from '../../../test/motion';
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

/** The material library: one picture (the server filters by type, as the real one does). */
function library() {
  server.use(
    http.get('/api/fs/FileGroup/All', () => HttpResponse.json([])),
    http.post('/api/fs/Files/FileManager', async ({ request }) => {
      const body = (await request.json()) as { pageIndex: number };
      const data = [
        {
          id: 7,
          oldFileName: '早安.jpg',
          coverFileName: '',
          url: '/api/fs/raw/c1/2026/12/7.jpg',
          fileGroupId: null,
          fileType: 2,
          ext: 'jpg',
          mime: 'image/jpeg',
          size: 100,
          width: null,
          height: null,
          createTime: '2026-12-01T00:00:00.000Z',
          isChecked: false,
        },
      ];
      return HttpResponse.json({ data, totalCount: 1, pageIndex: body.pageIndex });
    }),
  );
}

async function posterForm(user: ReturnType<typeof userEvent.setup>) {
  library();
  renderView(<PublishDialog open onClose={() => {}} />);
  await user.click(await screen.findByText('每日分享'));
  await user.type(screen.getByLabelText('标题'), '今日海报');
  return screen.getByLabelText('选择图片：图片');
}

/** 选择图片 → the picture in 选择素材 → 确定: the field shows it. */
async function choosePicture(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  await user.click(button);
  // Both dialogs are labelled by the test renderer's one id: the picker is found by its title's words.
  const picker = (await screen.findByText('选择素材')).closest<HTMLElement>('[role="dialog"]') as HTMLElement;
  await user.click(await within(picker).findByTitle('早安.jpg'));
  await user.click(
    within(picker)
      .getByText(/^确\s*定$/)
      .closest('button') as HTMLElement,
  );
  await screen.findByLabelText('更换图片：图片');
}

/** 确定 of 发布消息 (the picker, closed, may still be in the page with its own). */
const publishButton = () =>
  within(screen.getByTestId('image-field').closest('[role="dialog"]') as HTMLElement)
    .getByText(/^确\s*定$/)
    .closest('button') as HTMLElement;

describe('发布消息', () => {
  // The type toggle comes first, and the dialog opened on it: the title had to be clicked before anything was written.
  it('opens with the cursor in 标题, past the type toggle, and Enter there publishes', async () => {
    const sent = publishing();
    const user = userEvent.setup();
    renderView(<PublishDialog open onClose={() => {}} />);
    await endDialogMotion();
    const title = screen.getByLabelText('标题');
    await waitFor(() => expect(document.activeElement).toBe(title));
    await user.keyboard('系统维护{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ classId: 10000, title: '系统维护' });
  });

  it('asks for the poster picture (no address to type), sending nothing', async () => {
    const sent = publishing();
    const user = userEvent.setup();
    const choose = await posterForm(user);
    expect(screen.queryByRole('textbox', { name: /图片/ })).toBeNull();
    await user.click(publishButton());
    await waitFor(() => expect(errorsOf(choose)).toBe('请选择图片'));
    expect(sent).toEqual([]);
  });

  it('takes the poster from 选择素材: a thumbnail shows it and its address is sent as ImageUrl', async () => {
    const sent = publishing();
    const user = userEvent.setup();
    await choosePicture(user, await posterForm(user));
    const field = screen.getByTestId('image-field');
    expect(field.querySelector('img')?.getAttribute('src')).toBe('/api/fs/raw/c1/2026/12/7.jpg');
    expect(screen.getByLabelText('更换图片：图片')).toBeTruthy();
    await user.click(publishButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].description).toEqual({
      BroadcastType: 1,
      ImageUrl: '/api/fs/raw/c1/2026/12/7.jpg',
      Title: '今日海报',
      ShortContent: '',
    });
  }, 60_000);

  it("puts the server's refusal of the image under the picture, without the call's field path", async () => {
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
    const choose = await posterForm(user);
    await choosePicture(user, choose);
    await user.click(publishButton());
    const changed = screen.getByLabelText('更换图片：图片');
    await waitFor(() => expect(errorsOf(changed)).toBe('图片地址无效'));
  }, 60_000);

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
