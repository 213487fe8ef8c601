import { MOBILE_RE } from '@huoke/contracts/constants';
import { Form, Input, message, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SmsCodeButton } from '../../../shared/SmsCodeButton';
import { useSession } from '../../../shared/session';
import { updatePhone } from '../api';
import { useLogout } from '../useLogout';
import { SessionEndingDialog } from './SessionEndingDialog';

/** 修改手机号: mobile + SMS code; success logs out with 'logging out...'; -1 is 验证码错误. */
export function ChangePhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const userId = useSession((s) => s.info?.profile.id);
  const logout = useLogout();
  const change = async (v: { mobile: string; code: string }) => {
    if ((await updatePhone(v.mobile, v.code, { id: userId, syncCardInfo: true })) === -1) {
      message.error(t('phone.wrongCode'));
      return;
    }
    onClose();
    const hide = message.loading(t('phone.loggingOut'), 0);
    await logout(true);
    setTimeout(hide, 800);
  };
  return (
    <SessionEndingDialog open={open} onClose={onClose} title={t('phone.title')} form={form} change={change}>
      <Form.Item
        name="mobile"
        label={t('phone.mobile')}
        rules={[
          { required: true, message: t('common:validate.mobileRequired') },
          { pattern: MOBILE_RE, message: t('common:validate.mobileInvalid') },
        ]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item label={t('phone.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t('common:validate.codeRequired') }]}>
            <Input aria-label={t('phone.code')} maxLength={6} />
          </Form.Item>
          <SmsCodeButton purpose="phone" getPhone={async () => (await form.validateFields(['mobile'])).mobile} />
        </Space.Compact>
      </Form.Item>
    </SessionEndingDialog>
  );
}
