import type { Role } from '@huoke/contracts';
import { MOBILE_RE } from '@huoke/contracts';
import { Form, Input, message, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';
import { useInvite } from '../queries';

/** 邀请成员: a phone number and a role; its owner accepts in 切换企业 (after registering, if they have no account yet). */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const [form] = Form.useForm<{ phone: string; role: Role }>();
  const invite = useInvite();
  const submit = async (values: { phone: string; role: Role }) => {
    await invite.mutateAsync(values);
    message.success(t('invite.sent'));
    onClose();
  };
  return (
    <FormDialog
      title={t('invite.title')}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={submit}
      formProps={{ layout: 'vertical', initialValues: { role: 'staff' } }}
    >
      <Form.Item
        name="phone"
        label={t('invite.phone')}
        rules={[
          { required: true, message: t('invite.phoneRequired') },
          { pattern: MOBILE_RE, message: t('invite.phoneInvalid') },
        ]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="role" label={t('invite.role')}>
        <Select
          options={[
            { value: 'staff', label: t('common:roles.staff') },
            { value: 'admin', label: t('common:roles.admin') },
          ]}
        />
      </Form.Item>
    </FormDialog>
  );
}
