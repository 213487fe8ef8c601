import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { usePackage } from '../queries';

/** The account tab for staff: the package and its expiry; money stays with the administrators. */
export function PackageTab() {
  const { t } = useTranslation('cost');
  const { data: c } = usePackage();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('account.product')} value={c?.productName || t('account.none')} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('account.reDays')} value={c?.reDays ?? 0} suffix={t('account.days', { n: '' }).trim()} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('account.endDate')} value={formatDateTime(c?.endDate, 'date')} />
        </Card>
      </Col>
      <Col span={24}>
        <Typography.Text type="secondary">{t('account.staffHint')}</Typography.Text>
      </Col>
    </Row>
  );
}
