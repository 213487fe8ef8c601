import { Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../shared/NewPasswordFields';
import { clearMessages } from '../../../shared/request';
import { useLogout } from '../../../shared/useLogout';
import { changePassword } from '../api';
import { SessionEndingDialog } from './SessionEndingDialog';

interface PasswordForm {
  oldPassword: string;
  password: string;
  rePassword: string;
}

/** 修改密码: success logs out and goes to /login. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordForm>();
  const logout = useLogout();
  const change = async (v: PasswordForm) => {
    await changePassword(v);
    // 原密码错误 of a try before is over: only 修改成功 goes on to /login.
    clearMessages();
    message.success(t('password.done'));
    onClose();
    await logout(false);
  };
  return (
    <SessionEndingDialog open={open} onClose={onClose} title={t('password.title')} form={form} change={change}>
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.oldRequired') }]}
      >
        {/* The cursor starts here, as in the other form dialogs: this dialog opened with it on ×. */}
        <Input.Password autoComplete="current-password" autoFocus />
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
        differentFrom={{ field: 'oldPassword', message: t('password.sameAsOld') }}
      />
    </SessionEndingDialog>
  );
}
