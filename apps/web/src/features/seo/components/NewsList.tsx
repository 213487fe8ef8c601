import type { NewsItem } from '@huoke/contracts';
import { Drawer, Input, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { InfiniteList } from '../../../shared/InfiniteList';
import { ItemRow, ItemText } from '../../../shared/ItemList';
import { SafeHtml } from '../../../shared/SafeHtml';
import { seoApi } from '../api';
import { useNewsDetail } from '../queries';

/** Drainage news: an infinite list (next page within 50 px of the bottom) and a detail drawer. */
export function NewsList() {
  const { t } = useTranslation('seo');
  const [keyword, setKeyword] = useState('');
  const [openId, setOpenId] = useState<number>();
  const detail = useNewsDetail(openId);
  return (
    <>
      <Input.Search
        placeholder={t('searchNews')}
        allowClear
        onSearch={(v) => setKeyword(v.trim())}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <InfiniteList<NewsItem>
        queryKey={['seo', 'news', keyword]}
        fetchPage={(page) => seoApi.news(page, keyword)}
        rowKey={(n) => n.id}
        height="calc(100vh - 300px)"
        renderItem={(n) => (
          <ItemRow onOpen={() => setOpenId(n.id)}>
            <ItemText
              title={<span className="item-list-link">{n.title}</span>}
              description={
                <>
                  {n.isDemo && <Tag color="orange">{t('demo')}</Tag>}
                  <Tag>{n.keyword}</Tag> {n.summary} · {formatDateTime(n.publishedAt, 'date')}
                </>
              }
            />
          </ItemRow>
        )}
      />
      <Drawer open={!!openId} onClose={() => setOpenId(undefined)} size="large" title={detail.data?.title}>
        {detail.isLoading && <Spin />}
        {detail.data && (
          <>
            <Typography.Paragraph type="secondary">
              {t('common:labelled', { label: t('source'), value: detail.data.source })} ·{' '}
              {formatDateTime(detail.data.publishedAt)}
            </Typography.Paragraph>
            <SafeHtml html={detail.data.content} />
          </>
        )}
      </Drawer>
    </>
  );
}
