import type { Message } from '@huoke/contracts';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { SafeHtml } from '../../../shared/SafeHtml';

/** A system message: title, 'category: system message', publish time, HTML body (sanitized). */
export function SystemMessageDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <Modal open={!!message} title={message?.title} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {message && (
        <div data-testid="system-message-dialog">
          <Typography.Text type="secondary">{t('category')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {t('publishTime', { time: formatDateTime(message.createTime) })}
          </Typography.Text>
          <SafeHtml html={message.description} className="system-message-body" />
        </div>
      )}
    </Modal>
  );
}
