import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { SmsCodeButton, type SmsPurpose, useCodeFirstEnter } from '../../../shared/SmsCodeButton';
import { codeRules, mobileRules } from './phoneRules';

/** 手机号 and 验证码 with its 获取验证码 button (the phone is checked before a code is sent; Enter after it sends one). */
export function PhoneCodeFields<T extends { mobile: string; code: string }>({
  form,
  purpose,
}: {
  form: FormInstance<T>;
  purpose: SmsPurpose;
}) {
  const { t } = useTranslation('session');
  const codeFirst = useCodeFirstEnter(form);
  return (
    <>
      <Form.Item name="mobile" label={t('mobile')} rules={mobileRules()}>
        <Input maxLength={11} autoComplete="tel" onKeyDown={codeFirst.onKeyDown} />
      </Form.Item>
      <Form.Item label={t('code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={codeRules()}>
            <Input aria-label={t('code')} maxLength={6} />
          </Form.Item>
          <SmsCodeButton
            ref={codeFirst.button}
            purpose={purpose}
            getPhone={async () => (await form.validateFields(['mobile'])).mobile}
          />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
