import { EVENT_KIND } from '@huoke/contracts';
import { Button, Divider, Drawer, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
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
  // 展开全文 only when the text is taller than the collapsed box (it was offered, and did nothing, on a short one);
  // the text's height is watched from when its box is drawn (the drawer draws it after opening), as images load late.
  const [overflows, setOverflows] = useState(false);
  const watch = useRef<ResizeObserver | null>(null);
  const box = useCallback((el: HTMLDivElement | null) => {
    watch.current?.disconnect();
    watch.current = null;
    const text = el?.firstElementChild;
    if (!el || !text) return;
    const check = () => setOverflows(el.scrollHeight > COLLAPSED_HEIGHT + 1);
    check();
    watch.current = new ResizeObserver(check);
    watch.current.observe(text);
  }, []);
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
            ref={box}
            style={{
              maxHeight: expanded ? undefined : COLLAPSED_HEIGHT,
              overflow: 'hidden',
              position: 'relative',
            }}
          >
            <SafeHtml html={article.content} className="article-content" />
          </div>
          {(overflows || expanded) && (
            <div style={{ textAlign: 'center', marginTop: 8 }}>
              <Button type="link" onClick={() => setExpanded((v) => !v)}>
                {expanded ? t('collapse') : t('expand')}
              </Button>
            </div>
          )}
          <Divider />
          <SharePanel kind="article" id={article.id} />
          <ContentSpreadButton kind={EVENT_KIND.article} contentId={article.id} title={article.title} />
        </div>
      )}
    </Drawer>
  );
}
