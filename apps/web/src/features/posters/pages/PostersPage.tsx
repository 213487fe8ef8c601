import { PlayCircleOutlined } from '@ant-design/icons';
import type { Poster } from '@huoke/contracts';
import { Card, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearBottom } from '../../../shared/InfiniteList';
import { ListFailure } from '../../../shared/ListFailure';
import { opensByKeyboard } from '../../../shared/opensByKeyboard';
import { PosterDialog } from '../../../shared/share/PosterDialog';
import { usePosters } from '../queries';

/** Posters (images and video covers); clicking one (or Enter on it) opens 海报详情 with the user's card and QR. */
export default function PostersPage() {
  const { t } = useTranslation('posters');
  const list = usePosters();
  const [chosen, setChosen] = useState<Poster | null>(null);
  const { items } = list;
  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (nearBottom(el) && list.hasNextPage && !list.isFetchingNextPage) list.fetchNextPage();
  };
  return (
    <div style={{ height: '100%', overflow: 'auto' }} onScroll={onScroll} data-testid="posters-scroll">
      <Typography.Title level={3}>{t('title')}</Typography.Title>
      {list.isLoading ? (
        <Spin />
      ) : items.length === 0 ? (
        list.isError ? (
          <ListFailure onRetry={list.refetch} />
        ) : (
          <Empty description={t('empty')} />
        )
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 16 }}>
          {items.map((p) => (
            <Card
              key={p.id}
              hoverable
              onClick={() => setChosen(p)}
              // A poster opens from the keyboard too: a tab stop named by its title, opened by Enter or Space.
              role="button"
              {...opensByKeyboard(() => setChosen(p))}
              aria-label={p.title}
              // Its name is the poster's own title, stored data (not the interface's words).
              data-user-content
              cover={
                <div style={{ position: 'relative' }}>
                  <img
                    src={p.imageUrl ?? p.videoPicUrl ?? undefined}
                    alt={p.title}
                    style={{ width: '100%', aspectRatio: '3 / 4', objectFit: 'cover', display: 'block' }}
                  />
                  {p.videoPicUrl && (
                    <span
                      style={{
                        position: 'absolute',
                        inset: 0,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                      }}
                    >
                      <PlayCircleOutlined aria-label={t('video')} style={{ fontSize: 40, color: '#fff' }} />
                    </span>
                  )}
                </div>
              }
            >
              <Card.Meta title={p.title} />
            </Card>
          ))}
        </div>
      )}
      {list.isFetchingNextPage && <Typography.Text type="secondary">{t('loading')}</Typography.Text>}
      {!list.hasNextPage && items.length > 0 && <Typography.Text type="secondary">{t('finished')}</Typography.Text>}
      <PosterDialog
        open={!!chosen}
        onClose={() => setChosen(null)}
        imageUrl={chosen?.imageUrl ?? undefined}
        videoPicUrl={chosen?.videoPicUrl ?? undefined}
      />
    </div>
  );
}
