// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input, Radio } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { endDialogMotion } from '../test/motion';
import { renderView } from '../test/render';
import { FormDialog } from './FormDialog';
import { RequestError } from './request';

interface Values {
  name: string;
  phone?: string;
  note?: string;
}

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

/** A dialog whose first field is a choice: 类型 (A may not be chosen), then a name. */
function ChoiceFirst({
  kind,
  startInText,
  onSubmit,
}: {
  kind?: string;
  startInText?: boolean;
  onSubmit: (v: { kind: string }) => Promise<unknown>;
}) {
  const [form] = Form.useForm<{ kind: string; name?: string }>();
  return (
    <FormDialog
      open
      title="新建"
      form={form}
      onClose={() => {}}
      onSubmit={onSubmit}
      formProps={{ initialValues: { kind } }}
      startInText={startInText}
    >
      <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
        <Radio.Group
          options={[
            { value: 'a', label: '甲', disabled: true },
            { value: 'b', label: '乙' },
            { value: 'c', label: '丙' },
          ]}
        />
      </Form.Item>
      <Form.Item name="name" label="名称">
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('opens with the cursor in its first field', async () => {
    renderView(<Dialog onSubmit={async () => {}} />);
    await endDialogMotion();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('名称')));
  });

  it('opens on a radio group that comes first, on its first option that may be chosen, and Enter submits', async () => {
    const sent: unknown[] = [];
    const user = userEvent.setup();
    renderView(<ChoiceFirst onSubmit={async (v) => sent.push(v)} />);
    await endDialogMotion();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: '乙' })));
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ kind: 'b', name: undefined }]));
  });

  it('opens on the chosen option of a radio group that comes first', async () => {
    const sent: unknown[] = [];
    const user = userEvent.setup();
    renderView(<ChoiceFirst kind="c" onSubmit={async (v) => sent.push(v)} />);
    await endDialogMotion();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: '丙' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ kind: 'c', name: undefined }]));
  });

  it('with startInText, opens in the first field written in, past the radio group, and Enter submits', async () => {
    const sent: unknown[] = [];
    const user = userEvent.setup();
    renderView(<ChoiceFirst kind="c" startInText onSubmit={async (v) => sent.push(v)} />);
    await endDialogMotion();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('名称')));
    await user.keyboard('华东区{Enter}');
    await waitFor(() => expect(sent).toEqual([{ kind: 'c', name: '华东区' }]));
  });

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
