import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { ShareAnswer, Website } from '@huoke/contracts';
import { Button, Empty, message, Popconfirm, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentStatsDrawer } from '../../../shared/content-stats/components/ContentStatsDrawer';
import { StatLine } from '../../../shared/content-stats/components/StatLine';
import { PeriodPicker, useContentStats } from '../../../shared/content-stats/components/statColumns';
import { reportFailure } from '../../../shared/form';
import { ListFailure } from '../../../shared/ListFailure';
import { websitesApi } from '../api';
import { SortableRow } from '../components/SortableRow';
import { useDragAnnouncements } from '../components/useDragAnnouncements';
import { WebsiteEditor } from '../components/WebsiteEditor';
import { WebsiteShareDrawer } from '../components/WebsiteShareDrawer';
import { useDeleteWebsite, useSortWebsites, useWebsites } from '../queries';

/** Mini-website management: list, create/edit, delete, drag-and-drop ordering saved with ListSortSubmit. */
export default function WebsitesPage() {
  const { t } = useTranslation('websites');
  const list = useWebsites();
  const [editing, setEditing] = useState<{ website?: Website } | null>(null);
  const [shared, setShared] = useState<{ website: Website; answer: ShareAnswer } | null>(null);
  const items = list.data?.data ?? [];
  const [days, setDays] = useState(30);
  const [statsItem, setStatsItem] = useState<{ id: number; title: string } | null>(null);
  const stats = useContentStats(
    'website',
    items.map((w) => w.id),
    days,
  );
  const actions: RowActions = {
    stats: (w) => setStatsItem({ id: w.id, title: w.title }),
    share: async (w) => {
      try {
        setShared({ website: w, answer: await websitesApi.share(w.id) });
      } catch (e) {
        reportFailure(e);
      }
    },
    edit: (w) => setEditing({ website: w }),
  };

  return (
    <div>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <PeriodPicker value={days} onChange={setDays} />
          <Button type="primary" onClick={() => setEditing({})}>
            {t('create')}
          </Button>
        </Space>
      </Space>
      <ContentStatsDrawer kind="website" item={statsItem} onClose={() => setStatsItem(null)} />
      <Typography.Text type="secondary">{t('dragHint')}</Typography.Text>
      {list.isLoading ? (
        <Spin />
      ) : items.length === 0 ? (
        list.isError ? (
          <ListFailure onRetry={list.refetch} />
        ) : (
          <Empty description={t('empty')} />
        )
      ) : (
        <SortableWebsites items={items}>
          {items.map((w) => (
            <WebsiteRow key={w.id} website={w} stat={stats.get(w.id)} actions={actions} />
          ))}
        </SortableWebsites>
      )}
      <WebsiteEditor open={!!editing} website={editing?.website} onClose={() => setEditing(null)} />
      <WebsiteShareDrawer shared={shared} onClose={() => setShared(null)} />
    </div>
  );
}

type RowActions = Record<'stats' | 'share' | 'edit', (w: Website) => void>;

/** The list in its order: dragged by pointer or keyboard (announced), the new order saved at once. */
function SortableWebsites({ items, children }: { items: Website[]; children: React.ReactNode }) {
  const { t } = useTranslation('websites');
  const sort = useSortWebsites();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useDragAnnouncements(items);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((w) => w.id === active.id);
    const to = items.findIndex((w) => w.id === over.id);
    if (from < 0 || to < 0) return;
    sort.mutate(arrayMove(items, from, to), {
      onSuccess: () => message.success(t('ok')),
      onError: reportFailure,
    });
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={items.map((w) => w.id)} strategy={verticalListSortingStrategy}>
        <ul style={{ listStyle: 'none', padding: 0, margin: '12px 0', border: '1px solid #f0f0f0', borderRadius: 8 }}>
          {children}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/** One mini-website: title, blocks and author, its figures, and 数据 / 分享 / 编辑 / 删除 (confirmed). */
function WebsiteRow({
  website: w,
  stat,
  actions,
}: {
  website: Website;
  stat: Parameters<typeof StatLine>[0]['stat'];
  actions: RowActions;
}) {
  const { t } = useTranslation('websites');
  const del = useDeleteWebsite();
  return (
    <SortableRow id={w.id} handleLabel={`${t('drag')} ${w.title}`}>
      {/* At least 200 px for the title and figures: on a phone the buttons go to the line below instead. */}
      <div style={{ flex: '1 1 200px', minWidth: 0 }}>
        <div style={{ fontWeight: 500 }}>{w.title}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('blockCount', { count: w.blocks.length })} · {t('createBy')} {w.createBy}
        </Typography.Text>
        <div>
          <StatLine kind="website" stat={stat} />
        </div>
      </div>
      <Space>
        <Button size="small" onClick={() => actions.stats(w)}>
          {t('content-stats:stats')}
        </Button>
        <Button size="small" onClick={() => actions.share(w)}>
          {t('share')}
        </Button>
        {/* Another's mini-website: open, share and order it, not change or delete it (the server says 403). */}
        {w.canEdit && (
          <>
            <Button size="small" onClick={() => actions.edit(w)}>
              {t('edit')}
            </Button>
            <Popconfirm
              title={t('deleteConfirm', { title: w.title })}
              okButtonProps={{ danger: true }}
              okText={t('confirm')}
              cancelText={t('cancel')}
              onConfirm={() => del.mutateAsync(w.id).then(() => message.success(t('ok')), reportFailure)}
            >
              <Button size="small" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          </>
        )}
      </Space>
    </SortableRow>
  );
}
