import { Card, Col, Descriptions, Row, Space, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { failureOf } from '../../../shared/ListFailure';
import { ListTable } from '../../../shared/ListTable';
import { useAccountDetails, useConsumeStats, useTopConsumers } from '../queries';
import { PackageFigures } from './PackageFigures';

type Account = NonNullable<ReturnType<typeof useAccountDetails>['data']>;

/** 账户信息: the package and its days, the balance, the company's facts, consumption by kind and the top consumers. */
export function AccountTab() {
  const { data: a, isPending } = useAccountDetails();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AccountFigures a={a} loading={isPending} />
      <AccountFacts a={a} loading={isPending} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ConsumeByKind />
        </Col>
        <Col xs={24} lg={12}>
          <TopConsumers customerId={a?.customerId} />
        </Col>
      </Row>
    </Space>
  );
}

function AccountFigures({ a, loading }: { a: Account | undefined; loading: boolean }) {
  const { t } = useTranslation('cost');
  return (
    <Row gutter={[16, 16]}>
      <PackageFigures pkg={a} loading={loading} span={6} />
      <Col xs={24} sm={12} xl={6}>
        <Card>
          <Statistic
            title={t('account.balance')}
            loading={loading}
            value={a ? a.balance : '- -'}
            precision={a ? 2 : undefined}
          />
        </Card>
      </Col>
    </Row>
  );
}

function AccountFacts({ a, loading }: { a: Account | undefined; loading: boolean }) {
  const { t } = useTranslation('cost');
  const statusTag =
    a?.status === 1 ? (
      <Tag color="success">{t('account.active')}</Tag>
    ) : a?.status === 0 ? (
      <Tag color="error">{t('account.expired')}</Tag>
    ) : (
      <Tag>{t('account.notPurchased')}</Tag>
    );
  return (
    <Card size="small" loading={loading}>
      <Descriptions column={{ xs: 1, md: 3 }} size="small">
        <Descriptions.Item label={t('account.customer')}>
          <Space>
            {a?.customerName}
            {a && statusTag}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.companyNumber')}>{a?.companyNumber}</Descriptions.Item>
        <Descriptions.Item label={t('account.seats')}>
          {t('account.seatsValue', { used: a?.seatsUsed ?? 0, total: a?.seats ?? 0 })}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.totalPaid')}>{formatMoney(a?.totalPaid ?? 0)}</Descriptions.Item>
        <Descriptions.Item label={t('account.orderCount')}>{a?.orderCount ?? 0}</Descriptions.Item>
        <Descriptions.Item label={t('account.consumeCount')}>{a?.consumeCount ?? 0}</Descriptions.Item>
        <Descriptions.Item label={t('account.codes')} span={3}>
          {a?.codes.length ? (
            // Wrapped within the card on a phone (tags do not wrap by themselves).
            <Space size={[0, 8]} wrap>
              {a.codes.map((c) => (
                <Tag key={c.code}>{t(`codes.${c.code}`, { defaultValue: c.name })}</Tag>
              ))}
            </Space>
          ) : (
            '- -'
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function ConsumeByKind() {
  const { t } = useTranslation('cost');
  const stats = useConsumeStats({});
  return (
    <Card size="small" title={t('account.statsTitle')}>
      <ListTable
        size="small"
        rowKey="kind"
        pagination={false}
        loading={stats.isPending}
        {...failureOf(stats)}
        dataSource={stats.data?.byKind ?? []}
        columns={[
          {
            title: t('account.kind'),
            dataIndex: 'kind',
            render: (k: string, r) => t(`consume.kinds.${k}`, { defaultValue: r.kindName }),
          },
          { title: t('account.count'), dataIndex: 'count' },
          { title: t('account.quantity'), dataIndex: 'quantity' },
          { title: t('account.amount'), dataIndex: 'amount', render: (v: number) => formatMoney(v) },
        ]}
        // On a phone the totals make one more card, 合计 on top and each figure under its column's name, which the
        // figure carries itself (data-label, app/layout/phone.css): antd's summary cells take no attributes.
        summary={() =>
          stats.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('account.total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1}>
                <span data-label={t('account.count')}>{stats.data.total.count}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2}>
                <span data-label={t('account.quantity')}>{stats.data.total.quantity}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3}>
                <span data-label={t('account.amount')}>{formatMoney(stats.data.total.amount)}</span>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

function TopConsumers({ customerId }: { customerId: number | undefined }) {
  const { t } = useTranslation('cost');
  const top = useTopConsumers(customerId);
  return (
    <Card size="small" title={t('account.topTitle')}>
      <ListTable
        size="small"
        rowKey="userId"
        pagination={false}
        loading={top.isPending}
        {...failureOf(top)}
        dataSource={top.data?.data ?? []}
        columns={[
          { title: '#', key: 'rank', width: 48, render: (_: unknown, __: unknown, i: number) => i + 1 },
          { title: t('account.name'), dataIndex: 'name' },
          { title: t('account.count'), dataIndex: 'count' },
          { title: t('account.amount'), dataIndex: 'amount', render: (v: number) => formatMoney(v) },
        ]}
      />
    </Card>
  );
}
