import type { MemberItem } from '@huoke/contracts';
import { Form, Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';
import { NewPasswordFields } from '../../../shared/NewPasswordFields';
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
        <NewPasswordFields
          maxLength={16}
          texts={{
            password: t('reset.password'),
            required: t('reset.required'),
            rule: t('reset.rule'),
            confirm: t('reset.rePassword'),
            confirmRequired: t('reset.confirmRequired'),
            mismatch: t('reset.mismatch'),
          }}
        />
      </Form>
    </Modal>
  );
}
