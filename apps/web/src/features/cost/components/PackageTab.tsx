import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePackage } from '../queries';
import { PackageFigures } from './PackageFigures';

/** The account tab for staff: the package and its expiry; money stays with the administrators. */
export function PackageTab() {
  const { t } = useTranslation('cost');
  const { data: c, isPending } = usePackage();
  return (
    <Row gutter={[16, 16]}>
      <PackageFigures pkg={c} loading={isPending} span={8} />
      <Col span={24}>
        <Typography.Text type="secondary">{t('account.staffHint')}</Typography.Text>
      </Col>
    </Row>
  );
}
