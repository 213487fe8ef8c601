import { GUESTBOOK_REPLY_SMS_PER_PHONE, type GuestbookEntry } from '@huoke/contracts';
import { Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';
import { useUpdateEntry } from '../queries';

/**
 * 回复留言: the reply (required); the visitor is told by SMS when they left a phone number, unless the number had
 * its reply texts of the day or the company is not certified (then the reply is saved and the dialog says no text
 * went, and why).
 */
export function ReplyDialog({ entry, onClose }: { entry: GuestbookEntry | null; onClose: () => void }) {
  const { t } = useTranslation('guestbook');
  const [form] = Form.useForm<{ reply: string }>();
  const update = useUpdateEntry();
  const submitReply = async ({ reply }: { reply: string }) => {
    if (!entry) return;
    const answer = await update.mutateAsync({ id: entry.id, reply });
    if (answer.smsUncertified) message.warning(t('smsUncertified'));
    else if (answer.smsLimited) message.warning(t('smsLimited', { count: GUESTBOOK_REPLY_SMS_PER_PHONE }));
    else message.success(answer.smsSent ? t('repliedSms') : t('success'));
    onClose();
  };
  return (
    <FormDialog
      title={t('replyTitle')}
      open={!!entry}
      form={form}
      onClose={onClose}
      onSubmit={submitReply}
      formProps={{ layout: 'vertical', initialValues: { reply: entry?.reply } }}
    >
      <Form.Item name="reply" rules={[{ required: true, whitespace: true, message: t('replyRequired') }]}>
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
