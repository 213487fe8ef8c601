import type { Message } from '@huoke/contracts';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { SafeHtml } from '../../../shared/SafeHtml';

/**
 * A console page a system message leads to (a join request's 企业管理 → 加入申请). The console's start ('/') is no
 * place to act: an invitation's body says where to go instead.
 */
const placeOf = (routeLink: string) => (/^\/[^/]/.test(routeLink) ? routeLink : null);

/** A system message: title, 'category: system message', publish time, HTML body (sanitized), and where to act on it. */
export function SystemMessageDialog({
  message,
  onClose,
  go,
}: {
  message: Message | null;
  onClose: () => void;
  go: (to: string) => void;
}) {
  const { t } = useTranslation('messages');
  const to = message ? placeOf(message.routeLink) : null;
  return (
    <Modal
      open={!!message}
      title={message?.title}
      onCancel={onClose}
      footer={
        to ? (
          <Button type="primary" onClick={() => go(to)}>
            {t('goHandle')}
          </Button>
        ) : null
      }
      width={640}
      destroyOnHidden
    >
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
