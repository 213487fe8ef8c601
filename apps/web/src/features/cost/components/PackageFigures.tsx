import { Card, Col, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';

interface Package {
  productName: string;
  reDays: number;
  endDate: string | null;
  /** -1 never bought, 0 expired, 1 active. */
  status: -1 | 0 | 1;
}

/**
 * 当前套餐, 剩余天数 and 到期日期 as cards: a row of them from 1200 px (`span` each), two a row below it (beside the
 * sidebar at 768 px, four in a row broke 获客通旗舰版 and the date over three lines). While the package loads they
 * show a skeleton, and '- -' if it could not be read: never 未购买 and 0 天 for a company whose package simply has not
 * arrived yet. A company that never bought a package has 未购买 days, never 0 天 (as the workbench says).
 */
export function PackageFigures({ pkg, loading, span }: { pkg: Package | undefined; loading: boolean; span: number }) {
  const { t } = useTranslation('cost');
  const neverBought = pkg?.status === -1;
  const figures = [
    { key: 'product', title: t('account.product'), value: pkg ? pkg.productName || t('account.none') : '- -' },
    {
      key: 'reDays',
      title: t('account.reDays'),
      value: pkg ? (neverBought ? t('account.notPurchased') : pkg.reDays) : '- -',
      suffix: pkg && !neverBought ? t('account.daysUnit', { count: pkg.reDays }) : undefined,
    },
    { key: 'endDate', title: t('account.endDate'), value: formatDateTime(pkg?.endDate, 'date') },
  ];
  return figures.map((f) => (
    <Col xs={24} sm={12} xl={span} key={f.key}>
      <Card>
        <Statistic title={f.title} loading={loading} value={f.value} suffix={f.suffix} />
      </Card>
    </Col>
  ));
}
