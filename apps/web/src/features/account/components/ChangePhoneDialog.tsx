import { MOBILE_RE } from '@huoke/contracts/constants';
import { Form, Input, message, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SmsCodeButton, useCodeFirstEnter } from '../../../shared/SmsCodeButton';
import { useSession } from '../../../shared/session';
import { useLogout } from '../../../shared/useLogout';
import { updatePhone } from '../api';
import { SessionEndingDialog } from './SessionEndingDialog';

interface PhoneForm {
  mobile: string;
  code: string;
  password: string;
}

/**
 * 修改手机号: mobile + SMS code, and the login password (the server asks for it to replace a number: the number signs
 * in by SMS, so a session alone must not change it); success logs out with 'logging out...'; -1 is 验证码错误, shown
 * under 验证码; a wrong password stands under 登录密码 (the server's refusal names the field).
 */
export function ChangePhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PhoneForm>();
  const userId = useSession((s) => s.info?.profile.id);
  const currentPhone = useSession((s) => s.info?.profile.phone);
  const logout = useLogout();
  const change = async (v: PhoneForm) => {
    if ((await updatePhone(v.mobile, v.code, { id: userId, syncCardInfo: true, password: v.password })) === -1) {
      // The server answers a wrong code as a result, not a refusal naming the field: it goes under 验证码 here, as
      // a refusal does in the other forms (sendChecked), and the toast says it once; typing a new code clears it.
      message.error(t('phone.wrongCode'));
      form.setFields([{ name: 'code', errors: [t('phone.wrongCode')] }]);
      form.focusField('code');
      return;
    }
    onClose();
    const hide = message.loading(t('phone.loggingOut'), 0);
    await logout(true);
    setTimeout(hide, 800);
  };
  const codeFirst = useCodeFirstEnter(form);
  return (
    <SessionEndingDialog open={open} onClose={onClose} title={t('phone.title')} form={form} change={change}>
      <Form.Item
        name="mobile"
        label={t('phone.mobile')}
        rules={[
          { required: true, message: t('common:validate.mobileRequired') },
          { pattern: MOBILE_RE, message: t('common:validate.mobileInvalid') },
          // Checked before 获取验证码 too: a code to the number in use was sent, and billed, for nothing.
          {
            validator: (_, v) =>
              v && v === currentPhone ? Promise.reject(new Error(t('phone.samePhone'))) : Promise.resolve(),
          },
        ]}
      >
        <Input maxLength={11} onKeyDown={codeFirst.onKeyDown} />
      </Form.Item>
      <Form.Item label={t('phone.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t('common:validate.codeRequired') }]}>
            <Input aria-label={t('phone.code')} maxLength={6} />
          </Form.Item>
          <SmsCodeButton
            ref={codeFirst.button}
            purpose="phone"
            getPhone={async () => (await form.validateFields(['mobile'])).mobile}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="password"
        label={t('phone.password')}
        extra={t('phone.passwordHint')}
        rules={[{ required: true, message: t('phone.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
    </SessionEndingDialog>
  );
}
