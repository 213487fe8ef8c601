import { PERMISSION } from '@huoke/contracts';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTabs } from '../../../shared/PageTabs';
import { usePermission } from '../../../shared/Permission';
import { AccountTab } from '../components/AccountTab';
import { ConsumeTab } from '../components/ConsumeTab';
import { OrdersTab } from '../components/OrdersTab';
import { PackageTab } from '../components/PackageTab';

const TABS = ['account', 'consume', 'orders'] as const;

/**
 * /cost/detail: 账户 / 消费记录 / 订单管理. Money (balance, every order, the company's consumption) is for
 * administrators; staff see the package, its expiry and their own consumption.
 */
export default function CostPage() {
  const { t } = useTranslation('cost');
  const [params, setParams] = useSearchParams();
  const manager = usePermission([PERMISSION.companyManageShow]);
  const items = manager
    ? [
        { key: 'account', label: t('tabs.account'), children: <AccountTab /> },
        { key: 'consume', label: t('tabs.consume'), children: <ConsumeTab /> },
        { key: 'orders', label: t('tabs.orders'), children: <OrdersTab /> },
      ]
    : [
        { key: 'account', label: t('tabs.account'), children: <PackageTab /> },
        { key: 'consume', label: t('tabs.myConsume'), children: <ConsumeTab mine /> },
      ];
  const tab = TABS.find((k) => k === params.get('tab') && items.some((i) => i.key === k)) ?? 'account';
  return (
    <Card title={t('title')} variant="borderless">
      <PageTabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        destroyOnHidden
        items={items}
      />
    </Card>
  );
}
