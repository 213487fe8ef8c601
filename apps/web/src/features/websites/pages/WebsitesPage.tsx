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
import { PeriodPicker, StatLine, useContentStats } from '../../../shared/content-stats/components/statColumns';
import { websitesApi } from '../api';
import { ShareLinkDialog } from '../components/ShareLinkDialog';
import { SortableRow } from '../components/SortableRow';
import { useDragAnnouncements } from '../components/useDragAnnouncements';
import { WebsiteEditor } from '../components/WebsiteEditor';
import { useDeleteWebsite, useSortWebsites, useWebsites } from '../queries';

/** Mini-website management: list, create/edit, delete, drag-and-drop ordering saved with ListSortSubmit. */
export default function WebsitesPage() {
  const { t } = useTranslation('websites');
  const list = useWebsites();
  const sort = useSortWebsites();
  const del = useDeleteWebsite();
  const [editing, setEditing] = useState<{ website?: Website } | null>(null);
  const [shared, setShared] = useState<ShareAnswer | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const items = list.data?.data ?? [];
  const [days, setDays] = useState(30);
  const [statsItem, setStatsItem] = useState<{ id: number; title: string } | null>(null);
  const stats = useContentStats(
    'website',
    items.map((w) => w.id),
    days,
  );
  const accessibility = useDragAnnouncements(items);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((w) => w.id === active.id);
    const to = items.findIndex((w) => w.id === over.id);
    if (from < 0 || to < 0) return;
    sort.mutate(arrayMove(items, from, to), {
      onSuccess: () => message.success(t('ok')),
      onError: (e: Error) => message.error(e.message),
    });
  };
  const share = async (id: number) => {
    try {
      setShared(await websitesApi.share(id));
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <div style={{ padding: 16 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space>
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
        <Empty description={t('empty')} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={accessibility}
        >
          <SortableContext items={items.map((w) => w.id)} strategy={verticalListSortingStrategy}>
            <ul
              style={{ listStyle: 'none', padding: 0, margin: '12px 0', border: '1px solid #f0f0f0', borderRadius: 8 }}
            >
              {items.map((w) => (
                <SortableRow key={w.id} id={w.id} handleLabel={`${t('drag')} ${w.title}`}>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <div style={{ fontWeight: 500 }}>{w.title}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('blockCount', { count: w.blocks.length })} · {t('createBy')} {w.createBy}
                    </Typography.Text>
                    <div>
                      <StatLine stat={stats.get(w.id)} />
                    </div>
                  </div>
                  <Space>
                    <Button size="small" onClick={() => setStatsItem({ id: w.id, title: w.title })}>
                      {t('content-stats:stats')}
                    </Button>
                    <Button size="small" onClick={() => share(w.id)}>
                      {t('share')}
                    </Button>
                    <Button size="small" onClick={() => setEditing({ website: w })}>
                      {t('edit')}
                    </Button>
                    <Popconfirm
                      title={t('confirmTitle')}
                      description={t('confirmText')}
                      okText={t('confirm')}
                      cancelText={t('cancel')}
                      onConfirm={() =>
                        del.mutateAsync(w.id).then(
                          () => message.success(t('ok')),
                          (e: Error) => message.error(e.message),
                        )
                      }
                    >
                      <Button size="small" danger>
                        {t('delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                </SortableRow>
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      <WebsiteEditor open={!!editing} website={editing?.website} onClose={() => setEditing(null)} />
      <ShareLinkDialog shared={shared} onClose={() => setShared(null)} />
    </div>
  );
}
