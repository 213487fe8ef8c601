import { MOBILE_RE } from '@huoke/contracts/constants';
import { Form, Input, Modal, message, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validValues } from '../../../shared/form';
import { sessionLeaving } from '../../../shared/request';
import { SmsCodeButton } from '../../../shared/SmsCodeButton';
import { useSession } from '../../../shared/session';
import { updatePhone } from '../api';
import { useLogout } from '../useLogout';

/** 修改手机号: mobile + SMS code; success logs out with 'logging out...'; -1 is 验证码错误. */
export function ChangePhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const [busy, setBusy] = useState(false);
  const userId = useSession((s) => s.info?.profile.id);
  const logout = useLogout();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setBusy(true);
    // The change ends this session on the server: calls under way (and the logout call) answer 410, no news.
    const done = sessionLeaving();
    try {
      if ((await updatePhone(v.mobile, v.code, { id: userId, syncCardInfo: true })) === -1) {
        message.error(t('phone.wrongCode'));
        return;
      }
      onClose();
      const hide = message.loading(t('phone.loggingOut'), 0);
      await logout(true);
      setTimeout(hide, 800);
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
      title={t('phone.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" preserve={false}>
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
      </Form>
    </Modal>
  );
}
