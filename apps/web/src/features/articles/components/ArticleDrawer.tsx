import { EVENT_KIND } from '@huoke/contracts';
import { Button, Divider, Drawer, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { SafeHtml } from '../../../shared/SafeHtml';
import { ContentSpreadButton } from '../../../shared/share/ContentSpreadButton';
import { SharePanel } from '../../../shared/share/SharePanel';
import { useArticle } from '../queries';
import { EnterpriseToggle } from './EnterpriseToggle';

const COLLAPSED_HEIGHT = 320;

/** Article detail drawer (SPEC §2.3): collapsible content 展开全文/收起全文, enterprise toggle and the share panel. */
export function ArticleDrawer({ id, company, onClose }: { id: number | null; company?: boolean; onClose: () => void }) {
  const { t } = useTranslation('articles');
  const { data: article, isPending } = useArticle(id ?? undefined);
  const [expanded, setExpanded] = useState(false);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      title={t('detail')}
      destroyOnHidden
      afterOpenChange={(open) => !open && setExpanded(false)}
    >
      {isPending || !article ? (
        <Skeleton active />
      ) : (
        <div data-testid="article-detail">
          <Typography.Title level={4}>{article.title}</Typography.Title>
          <Space wrap size="small" style={{ color: 'rgba(0,0,0,.45)', marginBottom: 12 }}>
            {article.articleFrom && <span>{article.articleFrom}</span>}
            <span>{formatDateTime(article.createTime)}</span>
            {article.sstTypeString && <Tag>{article.sstTypeString}</Tag>}
            {article.isShareToEnterprise && <Tag color="blue">{t('enterpriseTag')}</Tag>}
            <EnterpriseToggle article={article} company={company} />
          </Space>
          <div
            style={{
              maxHeight: expanded ? undefined : COLLAPSED_HEIGHT,
              overflow: 'hidden',
              position: 'relative',
            }}
          >
            <SafeHtml html={article.content} className="article-content" />
          </div>
          <div style={{ textAlign: 'center', marginTop: 8 }}>
            <Button type="link" onClick={() => setExpanded((v) => !v)}>
              {expanded ? t('collapse') : t('expand')}
            </Button>
          </div>
          <Divider />
          <SharePanel kind="article" id={article.id} />
          <ContentSpreadButton kind={EVENT_KIND.article} contentId={article.id} title={article.title} />
        </div>
      )}
    </Drawer>
  );
}
