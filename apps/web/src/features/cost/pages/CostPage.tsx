import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountTab } from '../components/AccountTab';
import { ConsumeTab } from '../components/ConsumeTab';
import { OrdersTab } from '../components/OrdersTab';

const TABS = ['account', 'consume', 'orders'] as const;

/** /cost/detail: 账户 / 消费记录 / 订单管理. */
export default function CostPage() {
  const { t } = useTranslation('cost');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'account';
  return (
    <Card title={t('title')} variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'account', label: t('tabs.account'), children: <AccountTab /> },
          { key: 'consume', label: t('tabs.consume'), children: <ConsumeTab /> },
          { key: 'orders', label: t('tabs.orders'), children: <OrdersTab /> },
        ]}
      />
    </Card>
  );
}
