import type { AuthDetail } from '@huoke/contracts';
import { Alert, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { authTagColor } from '../status';

/** The certification's state (待审中 / 已通过 / 未通过 + reason), its times and what it means. */
export function CertificationStatus({ detail: data }: { detail: AuthDetail }) {
  const { t } = useTranslation('certification');
  const s = data.submission;
  return (
    <Card title={t('title')} variant="borderless">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('status')}>
          <Tag color={authTagColor(data.state)} data-testid="auth-state">
            {t(`states.${data.status}`, { defaultValue: data.state })}
          </Tag>
        </Descriptions.Item>
        {data.status === 'rejected' && data.reason && (
          <Descriptions.Item label={t('reason')}>{data.reason}</Descriptions.Item>
        )}
        {s && <Descriptions.Item label={t('submitTime')}>{formatDateTime(s.submitTime)}</Descriptions.Item>}
        {s?.reviewTime && <Descriptions.Item label={t('reviewTime')}>{formatDateTime(s.reviewTime)}</Descriptions.Item>}
      </Descriptions>
      {data.status === 'pending' && <Alert type="warning" showIcon title={t('pendingTip')} />}
      {data.status === 'approved' && <Alert type="success" showIcon title={t('approvedTip')} />}
      {data.status === 'none' && <Alert type="info" showIcon title={t('intro')} />}
    </Card>
  );
}
