import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { validValues } from '../../../shared/form';
import { sessionLeaving } from '../../../shared/request';

interface SessionEndingDialogProps<V> {
  open: boolean;
  onClose: () => void;
  title: string;
  form: FormInstance<V>;
  /** Sends the change and does what follows (its message, the logout); a failed call is shown by the request client. */
  change: (values: V) => Promise<void>;
  children: ReactNode;
}

/**
 * A dialog whose change ends this session on the server (修改密码, 修改手机号): the form is checked, then the change is
 * sent while the session is leaving, since calls under way (and the logout call) answer 410, which is no news to show.
 */
export function SessionEndingDialog<V>({ open, onClose, title, form, change, children }: SessionEndingDialogProps<V>) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setBusy(true);
    const done = sessionLeaving();
    try {
      await change(v);
    } catch {
      // shown by the request client
    } finally {
      done();
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
