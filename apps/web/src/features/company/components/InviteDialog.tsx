import type { Role } from '@huoke/contracts';
import { MOBILE_RE } from '@huoke/contracts';
import { Form, Input, Modal, message, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';
import { useInvite } from '../queries';

/** 邀请成员: a phone number and a role; a registered user accepts in 切换企业, otherwise the phone's registration does. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const [form] = Form.useForm<{ phone: string; role: Role }>();
  const invite = useInvite();
  const submit = submitHandler(async () => {
    const values = await form.validateFields();
    const res = await invite.mutateAsync(values);
    message.success(res.registered ? t('invite.sent') : t('invite.invited'));
    form.resetFields();
    onClose();
  });
  return (
    <Modal
      title={t('invite.title')}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ role: 'staff' }} preserve={false}>
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
              { value: 'staff', label: t('roles.staff') },
              { value: 'admin', label: t('roles.admin') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
