import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { FormDialog } from '../../../shared/FormDialog';
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
  return (
    <FormDialog
      open={open}
      title={title}
      form={form}
      onClose={onClose}
      onSubmit={async (v) => {
        const done = sessionLeaving();
        try {
          await change(v);
        } finally {
          done();
        }
      }}
      width={420}
      formProps={{ layout: 'vertical' }}
    >
      {children}
    </FormDialog>
  );
}
