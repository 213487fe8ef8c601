import { PlusOutlined } from '@ant-design/icons';
import type { ArticleListItem } from '@huoke/contracts';
import { PAGE_SIZE } from '@huoke/contracts';
import { Button, Card, Col, Input, message, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ContentStatsDrawer } from '../../../shared/content-stats/components/ContentStatsDrawer';
import { PeriodPicker, useContentStats } from '../../../shared/content-stats/components/statColumns';
import { ListTabs } from '../../../shared/ListTabs';
import { failureOf, PagedTable } from '../../../shared/PagedTable';
import type { ArticleScope } from '../api';
import { useArticleColumns } from '../components/ArticleColumns';
import { ArticleDrawer } from '../components/ArticleDrawer';
import { HotList } from '../components/HotList';
import { EDIT_PATH } from '../paths';
import { useArticleList, useDeleteArticle } from '../queries';

/** 文章管理: enterprise / my articles with their figures, the reader drawer, and the most read beside them. */
export default function ArticlesPage() {
  const { t } = useTranslation('articles');
  const navigate = useNavigate();
  // `?scope=mine`: the editor comes back here after saving an article of one's own, to the tab that lists it.
  const [params] = useSearchParams();
  const [scope, setScope] = useState<Exclude<ArticleScope, 'all'>>(
    params.get('scope') === 'mine' ? 'mine' : 'enterprise',
  );
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const body = { pageIndex, pageSize: PAGE_SIZE.list, keyword: keyword || undefined };
  const { data, isFetching, ...list } = useArticleList(scope, body);
  const remove = useDeleteArticle();
  const company = scope === 'enterprise';
  const [days, setDays] = useState(30);
  const [statsItem, setStatsItem] = useState<{ id: number; title: string } | null>(null);
  const stats = useContentStats(
    'article',
    (data?.data ?? []).map((a) => a.id),
    days,
  );

  const columns = useArticleColumns(company, stats, {
    open: setOpenId,
    stats: (a) => setStatsItem({ id: a.id, title: a.title }),
    remove: (a) =>
      remove.mutateAsync(a.id).then(
        () => message.success(t('success')),
        () => undefined,
      ),
  });

  return (
    // The popular list sits beside the table from 1600 px: beside it at 1440 the table scrolled sideways and hid its
    // actions. The table's columns need 990 px, what the card holds at 1280 (the enterprise toggle and 删除 under
    // 更多: with all five actions in the row it needed 1100, and at 1280 and 1366 the 分享 and 咨询 columns hid
    // under the actions); narrower, it scrolls within its card, the page never does.
    <Row gutter={[16, 16]}>
      <Col xs={24} xxl={18}>
        <Card>
          <ListTabs
            activeKey={scope}
            onChange={(k) => {
              setScope(k as 'enterprise' | 'mine');
              setPageIndex(1);
            }}
            items={[
              { key: 'enterprise', label: t('tabs.enterprise') },
              { key: 'mine', label: t('tabs.mine') },
            ]}
            tools={
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
          <PagedTable<ArticleListItem>
            scroll={{ x: 990 }}
            loading={isFetching}
            columns={columns}
            page={data}
            {...failureOf(list)}
            current={pageIndex}
            onPage={setPageIndex}
            locale={{ emptyText: t('noData') }}
          />
        </Card>
      </Col>
      <Col xs={24} xxl={6}>
        <HotList onOpen={setOpenId} />
      </Col>
      <ContentStatsDrawer kind="article" item={statsItem} onClose={() => setStatsItem(null)} />
      <ArticleDrawer id={openId} company={company} onClose={() => setOpenId(null)} />
    </Row>
  );
}
