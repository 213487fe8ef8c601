import { Alert, Badge, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { uptimeParts } from '../monitorFormat';
import { useMonitor } from '../queries';

const Health = ({ ok, text }: { ok: boolean; text: string }) => <Badge status={ok ? 'success' : 'error'} text={text} />;

/** /monitor (open): this server copy's status, refreshed every 10 seconds; no company data. */
export default function MonitorPage() {
  const { t } = useTranslation('stats');
  const { data, error } = useMonitor();
  const ok = data?.status === 'ok' && !error;
  return (
    <div style={{ padding: 24, maxWidth: 720, margin: '0 auto' }}>
      <Typography.Title level={3}>{t('monitor')}</Typography.Title>
      {error && !data && <Alert type="error" showIcon title={t('monitorError')} style={{ marginBottom: 16 }} />}
      <Card loading={!data && !error}>
        {data && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('status')}>
              <Health ok={ok} text={ok ? t('ok') : t('degraded')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('version')}>{data.version}</Descriptions.Item>
            <Descriptions.Item label={t('uptime')}>{t('uptimeValue', uptimeParts(data.uptimeS))}</Descriptions.Item>
            <Descriptions.Item label={t('database')}>
              <Health ok={data.databaseOk} text={`${data.database} · ${data.databaseMs} ms`} />
            </Descriptions.Item>
            <Descriptions.Item label={t('storage')}>
              <Health ok={data.storageOk} text={`${data.storage} · ${data.storageMs} ms`} />
            </Descriptions.Item>
            <Descriptions.Item label={t('ingestBacklog')}>
              {data.ingestBacklog}
              {data.ingestBacklog > 0 ? ` · ${t('ingestLag')} ${data.ingestLagMs} ms` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('requestsPerMinute')}>{data.requestsPerMinute}</Descriptions.Item>
            <Descriptions.Item label={t('memory')}>{data.rssMb} MB</Descriptions.Item>
            <Descriptions.Item label={t('checkedAt')}>{formatDateTime(data.time, 'second')}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </div>
  );
}
