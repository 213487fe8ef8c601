import { BROADCAST_TYPE, type DailyShareDescription, MESSAGE_CLASS, type Message } from '@huoke/contracts';
import { Empty, Image, List, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { useServiceGate } from '../../../shared/ServiceGate';
import { PosterDialog } from '../../../shared/share/PosterDialog';
import { nearBottom, useMessagePages, useReadOne } from '../queries';
import { ArticleDialog } from './ArticleDialog';
import { SystemMessageDialog } from './SystemMessageDialog';

/** The visitor id after 'id=' in a radar message's route link. */
export function visitorIdOf(routeLink: string): number | null {
  const m = /id=(\d+)/.exec(routeLink);
  return m ? Number(m[1]) : null;
}

function parseShare(description: string): Partial<DailyShareDescription> {
  try {
    return JSON.parse(description);
  } catch {
    return {};
  }
}

export function MessageList({
  classId,
  active,
  onNavigate,
}: {
  classId: number;
  active: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const q = useMessagePages(classId, active);
  const readOne = useReadOne();
  const ref = useRef<HTMLDivElement>(null);
  const [system, setSystem] = useState<Message | null>(null);
  const [poster, setPoster] = useState<string | null>(null);
  const gate = useServiceGate();
  const [article, setArticle] = useState<number | null>(null);

  const maybeLoad = () => {
    const el = ref.current;
    if (el && q.hasNextPage && !q.isFetchingNextPage && nearBottom(el)) void q.fetchNextPage();
  };
  useEffect(maybeLoad);

  const markRead = (m: Message) => {
    if (!m.isRead) readOne.mutate(m.id);
  };

  const render = (m: Message) => {
    if (classId === MESSAGE_CLASS.radar)
      return (
        <List.Item
          data-testid="radar-message"
          actions={[
            <Typography.Link
              key="view"
              data-testid="view-now"
              onClick={() => {
                markRead(m);
                const id = visitorIdOf(m.routeLink);
                // The daily brief leads to the workbench (its routeLink is a console path, no visitor).
                const to = id ? `/private-guest/radar?id=${id}` : m.routeLink === '/home' ? '/home' : null;
                if (!to) return;
                onNavigate();
                navigate(to);
              }}
            >
              {t('viewNow')}
            </Typography.Link>,
          ]}
        >
          <List.Item.Meta
            title={m.title}
            description={
              m.description && m.description !== m.title ? (
                <>
                  <div data-testid="message-description">{m.description}</div>
                  {formatDateTime(m.createTime)}
                </>
              ) : (
                formatDateTime(m.createTime)
              )
            }
          />
        </List.Item>
      );
    if (classId === MESSAGE_CLASS.dailyShare) {
      const d = parseShare(m.description);
      const isPoster = d.BroadcastType === BROADCAST_TYPE.poster;
      return (
        <List.Item
          data-testid="share-message"
          style={{ cursor: 'pointer' }}
          onClick={() => {
            markRead(m);
            // A poster needs the company's poster service (SPEC §6 type 4).
            if (isPoster) void gate(4, () => setPoster(d.ImageUrl ?? ''));
            else setArticle(m.id);
          }}
          extra={d.ImageUrl ? <Image src={d.ImageUrl} width={72} preview={false} /> : undefined}
        >
          <List.Item.Meta
            title={
              <>
                <Tag>{isPoster ? t('poster') : t('article')}</Tag>
                {d.Title || m.title}
              </>
            }
            description={
              <>
                <div>{d.ShortContent}</div>
                <div>{formatDateTime(m.createTime)}</div>
              </>
            }
          />
        </List.Item>
      );
    }
    return (
      <List.Item
        data-testid="system-message"
        style={{ cursor: 'pointer' }}
        onClick={() => {
          markRead(m);
          setSystem(m);
        }}
      >
        <List.Item.Meta
          title={
            <span data-testid="system-message-title">
              <Tag color="blue" style={{ marginInlineEnd: 8 }}>
                {t('official')}
              </Tag>{' '}
              {m.title}
            </span>
          }
          description={
            <>
              <div>{formatDateTime(m.createTime)}</div>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {m.description.replace(/<[^>]*>/g, '')}
              </Typography.Paragraph>
            </>
          }
        />
      </List.Item>
    );
  };

  return (
    <div
      ref={ref}
      onScroll={maybeLoad}
      style={{ height: 'calc(100vh - 120px)', overflowY: 'auto' }}
      data-testid={`message-list-${classId}`}
    >
      {q.isPending && active ? (
        <Spin />
      ) : q.items.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <List dataSource={q.items} rowKey="id" renderItem={render} />
      )}
      {q.isFetchingNextPage && <Spin size="small" />}
      <SystemMessageDialog message={system} onClose={() => setSystem(null)} />
      <PosterDialog open={poster !== null} imageUrl={poster ?? undefined} onClose={() => setPoster(null)} />
      <ArticleDialog id={article} onClose={() => setArticle(null)} />
    </div>
  );
}
