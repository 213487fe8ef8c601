import { Alert, Card, Col, Progress, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSeats } from '../queries';

export function SeatsTab() {
  const { t } = useTranslation('company');
  const { data } = useSeats();
  const bought = data?.bought ?? 0;
  const used = data?.used ?? 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('seats.bought')} value={bought} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('seats.used')} value={used} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('seats.free')} value={data?.free ?? 0} />
        </Card>
      </Col>
      <Col span={24}>
        <Progress
          percent={bought ? Math.round((used / bought) * 100) : 0}
          status={used >= bought ? 'exception' : 'active'}
        />
      </Col>
      <Col span={24}>
        <Alert
          type="info"
          showIcon
          message={t('seats.hint')}
          action={<Link to="/cost/detail">{t('seats.toCost')}</Link>}
        />
      </Col>
    </Row>
  );
}
