import { Badge, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { useMonitor } from '../queries';

/** /monitor (open): the server's status, refreshed every 10 seconds. */
export default function MonitorPage() {
  const { t } = useTranslation('ranks');
  const { data, error } = useMonitor();
  const ok = data?.status === 'ok' && !error;
  return (
    <div style={{ padding: 24, maxWidth: 640, margin: '0 auto' }}>
      <Typography.Title level={3}>{t('monitor')}</Typography.Title>
      <Card loading={!data && !error}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('status')}>
            <Badge status={ok ? 'success' : 'error'} text={ok ? t('ok') : t('degraded')} />
          </Descriptions.Item>
          <Descriptions.Item label={t('database')}>{data?.database}</Descriptions.Item>
          <Descriptions.Item label={t('latency')}>{data?.databaseMs} ms</Descriptions.Item>
          <Descriptions.Item label={t('uptime')}>
            {data ? `${Math.floor(data.uptimeS / 60)} min` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('memory')}>{data?.rssMb} MB</Descriptions.Item>
          <Descriptions.Item label={t('checkedAt')}>
            {data ? formatDateTime(data.time, 'second') : ''}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
