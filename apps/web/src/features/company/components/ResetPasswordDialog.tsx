import type { MemberItem } from '@huoke/contracts';
import { Form, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';
import { NewPasswordFields } from '../../../shared/NewPasswordFields';
import { useResetPassword } from '../queries';

/** An administrator sets a new password for a member whose account the company manages. */
export function ResetPasswordDialog({ member, onClose }: { member: MemberItem | null; onClose: () => void }) {
  const { t } = useTranslation('company');
  const [form] = Form.useForm<{ password: string; rePassword: string }>();
  const reset = useResetPassword();
  return (
    <FormDialog
      title={t('reset.title', { name: member?.name ?? '' })}
      open={Boolean(member)}
      form={form}
      onClose={onClose}
      onSubmit={async ({ password }) => {
        if (!member) return;
        await reset.mutateAsync({ userId: member.userId, password });
        message.success(t('reset.done'));
        onClose();
      }}
      formProps={{ layout: 'vertical' }}
    >
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
    </FormDialog>
  );
}
