import type { MemberItem } from '@huoke/contracts';
import { PASSWORD_RE } from '@huoke/contracts';
import { Form, Input, Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';
import { useResetPassword } from '../queries';

/** An administrator sets a new password for a member whose account the company manages. */
export function ResetPasswordDialog({ member, onClose }: { member: MemberItem | null; onClose: () => void }) {
  const { t } = useTranslation('company');
  const [form] = Form.useForm<{ password: string; rePassword: string }>();
  const reset = useResetPassword();
  return (
    <Modal
      title={t('reset.title', { name: member?.name ?? '' })}
      open={Boolean(member)}
      onCancel={onClose}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={reset.isPending}
      destroyOnHidden
      onOk={submitHandler(async () => {
        const { password } = await form.validateFields();
        if (!member) return;
        await reset.mutateAsync({ userId: member.userId, password });
        message.success(t('reset.done'));
        onClose();
      })}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('reset.password')}
          rules={[
            { required: true, message: t('reset.required') },
            { pattern: PASSWORD_RE, message: t('reset.rule') },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="rePassword"
          label={t('reset.rePassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('reset.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, v: string) => {
                if (v && v !== getFieldValue('password')) throw new Error(t('reset.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
