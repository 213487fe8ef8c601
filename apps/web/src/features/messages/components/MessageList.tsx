import { MESSAGE_CLASS, type Message } from '@huoke/contracts';
import { Empty, Spin } from 'antd';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ItemRows } from '../../../shared/ItemList';
import { ListFailure } from '../../../shared/ListFailure';
import { useServiceGate } from '../../../shared/ServiceGate';
import { PosterDialog } from '../../../shared/share/PosterDialog';
import { nearBottom, useMessagePages, useReadOne } from '../queries';
import { ArticleDialog } from './ArticleDialog';
import { RadarMessageItem, ShareMessageItem, SystemMessageItem } from './MessageItems';
import { SystemMessageDialog } from './SystemMessageDialog';

/** One class of messages, loading its next page near the bottom; each kind of message opens its own way. */
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
    // A next page that failed is not asked again by itself (at every render): its 重试 asks.
    if (el && q.hasNextPage && !q.isFetchingNextPage && !q.isFetchNextPageError && nearBottom(el))
      void q.fetchNextPage();
  };
  useEffect(maybeLoad);

  const markRead = (m: Message) => {
    if (!m.isRead) readOne.mutate(m.id);
  };

  const render = (m: Message) => {
    if (classId === MESSAGE_CLASS.radar)
      return (
        <RadarMessageItem
          m={m}
          markRead={markRead}
          go={(to) => {
            onNavigate();
            navigate(to);
          }}
        />
      );
    if (classId === MESSAGE_CLASS.dailyShare)
      return (
        <ShareMessageItem
          m={m}
          markRead={markRead}
          // A poster needs the company's poster service (SPEC §6 type 4).
          openPoster={(url) => void gate(4, () => setPoster(url))}
          openArticle={setArticle}
        />
      );
    return (
      <SystemMessageItem
        m={m}
        open={(msg) => {
          markRead(msg);
          setSystem(msg);
        }}
      />
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
        q.isError ? (
          <ListFailure onRetry={q.refetch} />
        ) : (
          <Empty description={t('empty')} />
        )
      ) : (
        <ItemRows>
          {q.items.map((m) => (
            <Fragment key={m.id}>{render(m)}</Fragment>
          ))}
        </ItemRows>
      )}
      {q.isFetchingNextPage && <Spin size="small" />}
      {q.items.length > 0 && q.isFetchNextPageError && !q.isFetchingNextPage && (
        <ListFailure onRetry={q.fetchNextPage} />
      )}
      <SystemMessageDialog
        message={system}
        onClose={() => setSystem(null)}
        go={(to) => {
          setSystem(null);
          onNavigate();
          navigate(to);
        }}
      />
      <PosterDialog open={poster !== null} imageUrl={poster ?? undefined} onClose={() => setPoster(null)} />
      <ArticleDialog id={article} onClose={() => setArticle(null)} />
    </div>
  );
}
