// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderView } from '../test/render';
import { FormDialog } from './FormDialog';
import { RequestError } from './request';

interface Values {
  name: string;
  phone?: string;
  note?: string;
}

// Where the cursor starts when the dialog opens is checked in a real browser (e2e radar.test.ts): the dialog's
// opening motion, after which it moves there, does not end in this DOM.

/**
 * A dialog as a feature writes one: a required name, a phone, a note. With two single-line fields the browser submits
 * on Enter only through a submit button (one field alone would submit without).
 */
function Dialog({
  onSubmit,
  onClose = () => {},
  askBeforeDiscard,
}: {
  onSubmit: (v: Values) => Promise<unknown>;
  onClose?: () => void;
  askBeforeDiscard?: { text: string };
}) {
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog
      open
      title="新建分组"
      form={form}
      onClose={onClose}
      askBeforeDiscard={askBeforeDiscard}
      onSubmit={onSubmit}
      formProps={{ layout: 'vertical' }}
    >
      <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label="电话">
        <Input />
      </Form.Item>
      <Form.Item name="note" label="备注">
        <Input.TextArea />
      </Form.Item>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('submits the checked values on Enter in a single-line field, as OK does', async () => {
    const sent: Values[] = [];
    const user = userEvent.setup();
    renderView(<Dialog onSubmit={async (v) => sent.push(v)} />);
    await user.type(await screen.findByLabelText('名称'), '华东区');
    await user.type(screen.getByLabelText('电话'), '13900000000{Enter}');
    await waitFor(() => expect(sent).toEqual([{ name: '华东区', phone: '13900000000', note: undefined }]));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it('keeps Enter for a new line in a text area', async () => {
    const sent: Values[] = [];
    const user = userEvent.setup();
    renderView(<Dialog onSubmit={async (v) => sent.push(v)} />);
    await user.type(await screen.findByLabelText('名称'), '华东区');
    await user.type(screen.getByLabelText('备注'), '第一行{Enter}第二行');
    expect((screen.getByLabelText('备注') as HTMLTextAreaElement).value).toBe('第一行\n第二行');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toEqual([{ name: '华东区', phone: undefined, note: '第一行\n第二行' }]));
  });

  it('sends nothing while a field is wrong, and says which', async () => {
    const sent: Values[] = [];
    const user = userEvent.setup();
    renderView(<Dialog onSubmit={async (v) => sent.push(v)} />);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    await user.type(screen.getByLabelText('名称'), '{Enter}');
    expect(sent).toEqual([]);
  });

  it('runs one submit at a time: Enter again while the call is under way sends nothing more', async () => {
    let calls = 0;
    let finish = () => {};
    const user = userEvent.setup();
    renderView(
      <Dialog
        onSubmit={() => {
          calls++;
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        }}
      />,
    );
    const name = await screen.findByLabelText('名称');
    await user.type(name, '华东区{Enter}');
    await waitFor(() => expect(calls).toBe(1));
    await user.type(name, '{Enter}');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(calls).toBe(1);
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ }).className).not.toContain('loading'));
    await user.type(name, '{Enter}');
    await waitFor(() => expect(calls).toBe(2));
  });

  it('puts a refusal that names one of its fields under that field, and keeps the dialog and what was typed', async () => {
    const user = userEvent.setup();
    renderView(
      <Dialog
        onSubmit={(v) =>
          Promise.reject(
            v.name === '重名'
              ? new RequestError('phone: 该手机号已被其他账号使用', 409, { field: 'phone' })
              : new RequestError('ids: 重复的编号', 400, { field: 'ids' }),
          )
        }
      />,
    );
    await user.type(await screen.findByLabelText('名称'), '重名');
    await user.type(screen.getByLabelText('电话'), '13900000000{Enter}');
    const under = await screen.findByText('该手机号已被其他账号使用');
    expect(under.closest('.ant-form-item')?.querySelector('input')).toBe(screen.getByLabelText('电话'));
    expect(document.activeElement).toBe(screen.getByLabelText('电话'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    // It goes once the field changes, and comes back when the server refuses again.
    await user.type(screen.getByLabelText('电话'), '{Backspace}0{Enter}');
    await screen.findByText('该手机号已被其他账号使用');
    await user.type(screen.getByLabelText('电话'), '1');
    await waitFor(() => expect(screen.queryByText('该手机号已被其他账号使用')).toBeNull());
    await user.type(screen.getByLabelText('电话'), '{Backspace}{Enter}');
    await screen.findByText('该手机号已被其他账号使用');
    // Sent again with a refusal of a field the form does not have: the standing one goes, the new one is left to
    // the request client's message.
    await user.clear(screen.getByLabelText('名称'));
    await user.type(screen.getByLabelText('名称'), '别名{Enter}');
    await waitFor(() => expect(screen.queryByText('该手机号已被其他账号使用')).toBeNull());
    expect(screen.queryByText(/重复的编号/)).toBeNull();
    expect((screen.getByLabelText('电话') as HTMLInputElement).value).toBe('13900000000');
  });

  it('closes on Esc after typing without asking, unless the dialog opts in to the question', async () => {
    const user = userEvent.setup();
    const closed = vi.fn();
    const { unmount } = renderView(<Dialog onSubmit={async () => {}} onClose={closed} />);
    await user.type(await screen.findByLabelText('名称'), '华东区{Escape}');
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('放弃未保存的修改？')).toBeNull();
    unmount();

    const asked = vi.fn();
    renderView(
      <Dialog onSubmit={async () => {}} onClose={asked} askBeforeDiscard={{ text: '分组名称将不会保存。' }} />,
    );
    await user.type(await screen.findByLabelText('名称'), '华东区{Escape}');
    expect(await screen.findByText('分组名称将不会保存。')).toBeTruthy();
    expect(asked).not.toHaveBeenCalled();
  });
});
