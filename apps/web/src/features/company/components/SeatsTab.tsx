import { Alert, Card, Col, Progress, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSeats } from '../queries';

/**
 * 席位: bought, used and free seats and how full they are. Until the seats are known the cards show a skeleton (or
 * '- -' if the call failed) and no bar: 0 / 0 / 0 under a red full bar read as "no seats left" while it loaded.
 */
export function SeatsTab() {
  const { t } = useTranslation('company');
  const { data, isPending } = useSeats();
  const figures = [
    { key: 'bought', value: data?.bought },
    { key: 'used', value: data?.used },
    { key: 'free', value: data?.free },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => (
        <Col xs={24} md={8} key={f.key}>
          <Card>
            <Statistic title={t(`seats.${f.key}`)} loading={isPending} value={f.value ?? '- -'} />
          </Card>
        </Col>
      ))}
      {data && (
        <Col span={24}>
          <Progress
            aria-label={t('seats.usage')}
            percent={data.bought ? Math.round((data.used / data.bought) * 100) : 0}
            status={data.used >= data.bought ? 'exception' : 'active'}
          />
        </Col>
      )}
      <Col span={24}>
        <Alert
          type="info"
          showIcon
          title={t('seats.hint')}
          action={<Link to="/cost/detail">{t('seats.toCost')}</Link>}
        />
      </Col>
    </Row>
  );
}
