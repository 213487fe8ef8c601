import { Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validValues } from '../../../shared/form';
import { NewPasswordFields } from '../../../shared/NewPasswordFields';
import { sessionLeaving } from '../../../shared/request';
import { changePassword } from '../api';
import { useLogout } from '../useLogout';

interface PasswordForm {
  oldPassword: string;
  password: string;
  rePassword: string;
}

/** 修改密码: success logs out and goes to /login. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const logout = useLogout();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setBusy(true);
    // The change ends this session on the server: calls under way answer 410, which is no news to show.
    const done = sessionLeaving();
    try {
      await changePassword(v);
      message.success(t('password.done'));
      onClose();
      await logout(false);
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
      title={t('password.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          texts={{
            password: t('password.new'),
            required: t('password.newRequired'),
            rule: t('password.rule'),
            confirm: t('password.confirm'),
            confirmRequired: t('password.confirmRequired'),
            mismatch: t('password.mismatch'),
          }}
        />
      </Form>
    </Modal>
  );
}
