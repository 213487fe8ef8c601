import { PlusOutlined } from '@ant-design/icons';
import type { ArticleListItem } from '@huoke/contracts';
import { PAGE_SIZE } from '@huoke/contracts';
import { Button, Card, Col, Input, List, message, Popconfirm, Row, Select, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContentStatsDrawer } from '../../../shared/content-stats/components/ContentStatsDrawer';
import { PeriodPicker, statColumns, useContentStats } from '../../../shared/content-stats/components/statColumns';
import { formatDateTime } from '../../../shared/format';
import { ListTable } from '../../../shared/ListTable';
import { pagination } from '../../../shared/pagination';
import type { ArticleScope } from '../api';
import { ArticleDrawer } from '../components/ArticleDrawer';
import { EnterpriseToggle } from '../components/EnterpriseToggle';
import { useArticleList, useDeleteArticle, useHotList } from '../queries';

export const EDIT_PATH = '/private-guest/articles/edit';

function HotList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('articles');
  const [typeId, setTypeId] = useState(0);
  const { data, isPending } = useHotList(typeId || undefined);
  const types = data?.types ?? [];
  return (
    <Card title={t('hot')} size="small">
      <Select
        size="small"
        style={{ width: '100%', marginBottom: 8 }}
        value={typeId}
        onChange={(v) => setTypeId(Number(v))}
        options={[{ label: t('allTypes'), value: 0 }, ...types.map((x) => ({ label: x.name, value: x.id }))]}
      />
      <List
        size="small"
        loading={isPending}
        dataSource={data?.data ?? []}
        locale={{ emptyText: t('noData') }}
        renderItem={(a, i) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => onOpen(a.id)}>
            <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
              <Tag color={i < 3 ? 'red' : undefined}>{i + 1}</Tag>
              {a.title}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

export default function ArticlesPage() {
  const { t } = useTranslation('articles');
  const navigate = useNavigate();
  const [scope, setScope] = useState<Exclude<ArticleScope, 'all'>>('enterprise');
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const body = { pageIndex, pageSize: PAGE_SIZE.list, keyword: keyword || undefined };
  const { data, isFetching } = useArticleList(scope, body);
  const remove = useDeleteArticle();
  const company = scope === 'enterprise';
  const [days, setDays] = useState(30);
  const [statsItem, setStatsItem] = useState<{ id: number; title: string } | null>(null);
  const stats = useContentStats(
    'article',
    (data?.data ?? []).map((a) => a.id),
    days,
  );

  const columns: ColumnsType<ArticleListItem> = [
    {
      title: t('col.title'),
      dataIndex: 'title',
      render: (title: string, a) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 220 }}>
          {a.thumbnail && (
            <img src={a.thumbnail} alt="" style={{ width: 48, height: 36, objectFit: 'cover', flex: 'none' }} />
          )}
          <Typography.Link ellipsis onClick={() => setOpenId(a.id)} style={{ maxWidth: 360 }} title={title}>
            {title}
          </Typography.Link>
          {a.isShareToEnterprise && !company && <Tag color="blue">{t('enterpriseTag')}</Tag>}
        </div>
      ),
    },
    { title: t('col.type'), dataIndex: 'sstTypeString', width: 96 },
    { title: t('col.author'), dataIndex: 'createBy', width: 90 },
    {
      title: t('col.createTime'),
      dataIndex: 'createTime',
      width: 140,
      render: (v: string) => formatDateTime(v),
    },
    ...statColumns<ArticleListItem>(t, stats),
    {
      title: t('col.actions'),
      key: 'actions',
      width: 300,
      render: (_, a) => (
        <Space size={0} wrap>
          <Button size="small" type="link" onClick={() => setOpenId(a.id)}>
            {t('view')}
          </Button>
          <Button size="small" type="link" onClick={() => setStatsItem({ id: a.id, title: a.title })}>
            {t('content-stats:stats')}
          </Button>
          {a.canEdit && (
            <Button size="small" type="link" onClick={() => navigate(`${EDIT_PATH}?id=${a.id}`)}>
              {t('edit')}
            </Button>
          )}
          <EnterpriseToggle article={a} company={company} />
          {a.canEdit && (
            <Popconfirm
              title={t('confirmTitle')}
              description={t('confirmContent')}
              onConfirm={() =>
                remove.mutateAsync(a.id).then(
                  () => message.success(t('success')),
                  () => undefined,
                )
              }
            >
              <Button size="small" type="link" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} xl={18}>
        <Card>
          <Tabs
            activeKey={scope}
            onChange={(k) => {
              setScope(k as 'enterprise' | 'mine');
              setPageIndex(1);
            }}
            items={[
              { key: 'enterprise', label: t('tabs.enterprise') },
              { key: 'mine', label: t('tabs.mine') },
            ]}
            tabBarExtraContent={
              <Space>
                <PeriodPicker value={days} onChange={setDays} />
                <Input.Search
                  allowClear
                  placeholder={t('search')}
                  onSearch={(v) => {
                    setKeyword(v.trim());
                    setPageIndex(1);
                  }}
                  style={{ width: 220 }}
                />
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(EDIT_PATH)}>
                  {t('create')}
                </Button>
              </Space>
            }
          />
          <ListTable<ArticleListItem>
            rowKey="id"
            size="middle"
            scroll={{ x: 1180 }}
            loading={isFetching}
            columns={columns}
            dataSource={data?.data ?? []}
            locale={{ emptyText: t('noData') }}
            pagination={pagination({ current: pageIndex, total: data?.totalCount, onChange: setPageIndex })}
          />
        </Card>
      </Col>
      <Col xs={24} xl={6}>
        <HotList onOpen={setOpenId} />
      </Col>
      <ContentStatsDrawer kind="article" item={statsItem} onClose={() => setStatsItem(null)} />
      <ArticleDrawer id={openId} company={company} onClose={() => setOpenId(null)} />
    </Row>
  );
}
