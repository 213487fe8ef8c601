import type { WorkbenchOverview } from '@huoke/contracts';
import { Button, Card, Descriptions, Empty, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useHref, useLinkClickHandler } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { ItemList } from '../../../shared/ItemList';
import { ListTable } from '../../../shared/ListTable';
import { visitorLabel } from '../../../shared/visitorLabel';
import { packageLines, yuan } from '../format';

const KIND_ROUTE: Record<number, string> = {
  4: '/private-guest/articles',
  5: '/private-guest/website',
  7: '/private-guest/video',
  8: '/private-guest/file-manage',
};

export function TopContent({ items }: { items: WorkbenchOverview['topContent'] }) {
  const { t } = useTranslation('workbench');
  return (
    <Card size="small" title={t('topContent')} data-testid="workbench-top-content">
      <ItemList
        size="small"
        items={items}
        empty={t('noContent')}
        itemKey={(c) => `${c.kind}:${c.contentId}`}
        render={(c) => (
          <Link to={KIND_ROUTE[c.kind] ?? '/home'}>
            <span data-user-content>{c.title}</span>
          </Link>
        )}
        extra={(c) => t('viewsOf', { views: c.views, count: c.visitors })}
      />
    </Card>
  );
}

export function RecentVisitors({ items }: { items: WorkbenchOverview['recentVisitors'] }) {
  const { t } = useTranslation('workbench');
  return (
    <Card
      size="small"
      title={t('recent')}
      data-testid="workbench-recent"
      extra={<Link to="/private-guest/radar">{t('actions.radar')}</Link>}
    >
      <ItemList
        size="small"
        items={items}
        empty={t('noVisitors')}
        itemKey={(v) => v.id}
        render={(v) => (
          <Space>
            <span data-user-content>{visitorLabel(v.nickname, v.id, t('anonymous'))}</span>
            {v.phone && <Tag color="green">{t('hasPhone')}</Tag>}
          </Space>
        )}
        extra={(v) => formatDateTime(v.lastSeenAt, 'dayMinute')}
      />
    </Card>
  );
}

export function AccountCard({ o, companyName }: { o: WorkbenchOverview; companyName: string }) {
  const { t } = useTranslation('workbench');
  const pkg = packageLines(o.package, t);
  return (
    <Card size="small" title={t('account')} data-testid="workbench-account">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('company')}>{companyName}</Descriptions.Item>
        <Descriptions.Item label={t('package')}>
          <span data-testid="workbench-package">{pkg.name}</span>
          {o.package.state !== 'active' && o.isAdmin && (
            <Link to="/cost/detail" style={{ marginLeft: 8 }}>
              {t('buyPackage')}
            </Link>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('days')}>
          <span data-testid="workbench-days">{pkg.days}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('endDate')}>{pkg.endDate}</Descriptions.Item>
        <Descriptions.Item label={o.consumption.scope === 'company' ? t('consumptionCompany') : t('consumptionMine')}>
          {t('consumptionValue', { amount: yuan(o.consumption.monthCents), count: o.consumption.monthCount })}
        </Descriptions.Item>
        <Descriptions.Item label={t('wordChangeLeft')}>
          {t('wordChangeValue', { left: o.wordChange.remainder, granted: o.wordChange.granted })}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/**
 * A link that looks like a button: one tab stop (a Button inside a Link was two), opened in the page by a plain
 * click and in a new tab by a modifier click, as any link.
 */
function ButtonLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button href={href} onClick={follow}>
      {children}
    </Button>
  );
}

export function QuickActions() {
  const { t } = useTranslation('workbench');
  const actions = [
    { key: 'write', to: '/private-guest/articles/edit' },
    { key: 'upload', to: '/private-guest/file-manage' },
    { key: 'card', to: '/private-guest/card' },
    { key: 'radar', to: '/private-guest/radar' },
  ];
  return (
    <Card size="small" title={t('quick')} data-testid="workbench-quick">
      <Space wrap>
        {actions.map((a) => (
          <ButtonLink key={a.key} to={a.to}>
            {t(`actions.${a.key}`)}
          </ButtonLink>
        ))}
      </Space>
    </Card>
  );
}

export function StaffRank({ rows }: { rows: NonNullable<WorkbenchOverview['staffRank']> }) {
  const { t } = useTranslation('workbench');
  const active = rows.filter((r) => r.shares + r.visitors + r.leads + r.consults > 0);
  return (
    <Card size="small" title={t('rank')} data-testid="workbench-rank">
      {active.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRank')} />
      ) : (
        <ListTable
          size="small"
          rowKey="userId"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: '#', key: 'i', render: (_v, _r, i) => i + 1, width: 40 },
            { title: t('rankName'), dataIndex: 'name', render: (n: string) => <span data-user-content>{n}</span> },
            { title: t('figures.visitors'), dataIndex: 'visitors' },
            { title: t('figures.leads'), dataIndex: 'leads' },
            { title: t('figures.consults'), dataIndex: 'consults' },
            { title: t('figures.shares'), dataIndex: 'shares' },
          ]}
        />
      )}
    </Card>
  );
}
