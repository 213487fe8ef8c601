// @vitest-environment happy-dom

import { DEFAULT_EDITOR_SETTINGS } from '@huoke/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { RichEditor } from './RichEditor';

// ProseMirror measures where the cursor is to scroll it into view: the test DOM has no layout, and its ranges no rects.
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

/** The editor settings, and an upload that answers one stored picture for each file sent: /files/1.png, 2, … */
function editorServer() {
  let stored = 0;
  server.use(
    http.get('/api/cus/editorsetting/Get', () => HttpResponse.json(DEFAULT_EDITOR_SETTINGS)),
    http.post('/api/fs/FilesOss/v2/PictureUpload', async ({ request }) => {
      const files = (await request.formData()).getAll('Files') as File[];
      return HttpResponse.json({ files: files.map(() => ({ id: ++stored, url: `/files/${stored}.png` })) });
    }),
  );
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const upload = (...names: string[]) =>
  fireEvent.change(screen.getByTestId('editor-image-input'), { target: { files: names.map(png) } });
/** Where the writer clicked: the DOM selection over `range`, which the editor reads as its own. */
function place(range: (r: Range) => void) {
  const content = screen.getByLabelText('内容');
  content.focus();
  const r = document.createRange();
  range(r);
  document.getSelection()?.removeAllRanges();
  document.getSelection()?.addRange(r);
  document.dispatchEvent(new Event('selectionchange'));
}
const images = () => [...screen.getByLabelText('内容').querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('the article editor', () => {
  it('inserts every uploaded image after the cursor, in order, and one more after a selected image (never over it)', async () => {
    editorServer();
    renderView(<RichEditor initialHtml="<p>第一段文字</p>" onChange={() => {}} />);
    await screen.findByRole('button', { name: '上传图片' });
    const content = screen.getByLabelText('内容');

    // The cursor after 第一段文字.
    place((r) => r.setStart(screen.getByText('第一段文字').firstChild as Text, 5));
    upload('a.png', 'b.png', 'c.png');
    await waitFor(() => expect(images()).toEqual(['/files/1.png', '/files/2.png', '/files/3.png']));
    expect(content.firstElementChild?.textContent).toBe('第一段文字');

    // The second image selected (a collapsed selection in an image is the editor's selection of it).
    place((r) => r.setStart(content.querySelectorAll('img')[1], 0));
    await waitFor(() => expect(content.querySelectorAll('img')[1].className).toContain('ProseMirror-selectednode'));
    upload('d.png');
    await waitFor(() => expect(images()).toEqual(['/files/1.png', '/files/2.png', '/files/4.png', '/files/3.png']));
  });

  it('counts the characters of the text, not the breaks between paragraphs', async () => {
    editorServer();
    renderView(<RichEditor initialHtml='<p>第一段文字</p><img src="/files/a.png"><p>二段</p>' onChange={() => {}} />);
    expect(await screen.findByText('字数：7')).toBeTruthy();
    // And as it changes: one more image adds nothing.
    await screen.findByRole('button', { name: '上传图片' });
    upload('b.png');
    await waitFor(() => expect(images()).toHaveLength(2));
    expect(screen.getByText('字数：7')).toBeTruthy();
  });

  it('links the selected text to the address typed in 链接地址, https:// added; says under the field what is no address', async () => {
    editorServer();
    const user = userEvent.setup();
    renderView(<RichEditor initialHtml="<p>第一段文字</p>" onChange={() => {}} />);
    await screen.findByRole('button', { name: '链接' });
    const text = () => screen.getByText('第一段文字');
    const link = () => screen.getByLabelText('内容').querySelector('a');
    const open = async () => {
      place((r) => {
        r.setStart(text().firstChild as Text, 0);
        r.setEnd(text().firstChild as Text, 5);
      });
      await user.click(screen.getByRole('button', { name: '链接' }));
      const dialog = await screen.findByRole('dialog', { name: '链接' });
      // (The cursor starts in it as in every FormDialog: antd says the dialog is open after its motion, none in the test DOM.)
      return { dialog, field: within(dialog).getByLabelText('链接地址') as HTMLInputElement };
    };
    // Closing: antd's leave motion under way, or over (then the dialog is hidden or gone).
    const closed = (dialog: HTMLElement) =>
      waitFor(
        () =>
          expect(
            !dialog.isConnected ||
              dialog.className.includes('ant-zoom-leave') ||
              !!dialog.closest('[style*="display: none"]'),
          ).toBe(true),
        // A loaded machine takes seconds to check and send the form.
        { timeout: 15_000 },
      );

    const first = await open();
    expect(first.field.value).toBe('');
    await user.type(first.field, 'www.example.com{Enter}');
    await closed(first.dialog);
    expect(link()?.getAttribute('href')).toBe('https://www.example.com');
    expect(link()?.textContent).toBe('第一段文字');

    // Editing it: the address is there; one that is still no web address stays in the dialog with the error.
    const second = await open();
    expect(second.field.value).toBe('https://www.example.com');
    await user.clear(second.field);
    await user.type(second.field, 'mailto:sales@example.com{Enter}');
    expect(await within(second.dialog).findByText('请输入有效的链接地址')).toBeTruthy();
    // (Esc is every FormDialog's 取消, shown in its own tests; here it was not heard on a loaded machine.)
    await user.click(within(second.dialog).getByRole('button', { name: /取\s*消/ }));
    await closed(second.dialog);
    expect(link()?.getAttribute('href')).toBe('https://www.example.com');

    // Emptied, it takes the link away.
    const third = await open();
    await user.clear(third.field);
    await user.type(third.field, '{Enter}');
    await closed(third.dialog);
    expect(link()).toBeNull();
    expect(text()).toBeTruthy();
  }, 60_000);
});
