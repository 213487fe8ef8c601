import { PASSWORD_RE } from '@huoke/contracts/constants';
import { Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validValues } from '../../../shared/form';
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
        <Form.Item
          name="password"
          label={t('password.new')}
          rules={[
            { required: true, message: t('password.newRequired') },
            { pattern: PASSWORD_RE, message: t('password.rule') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="rePassword"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
