import { UploadOutlined } from '@ant-design/icons';
import type { VideoItem } from '@huoke/contracts';
import { EVENT_KIND, PAGE_SIZE, PICKER_VALUE } from '@huoke/contracts';
import { Button, Card, Col, Empty, Input, message, Pagination, Row, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentStatsDrawer } from '../../../shared/content-stats/components/ContentStatsDrawer';
import {
  PeriodPicker,
  type StatKey,
  StatSortPicker,
  sortByStat,
  useContentStats,
} from '../../../shared/content-stats/components/statColumns';
import { ListFailure } from '../../../shared/ListFailure';
import { ListTabs } from '../../../shared/ListTabs';
import { pagination } from '../../../shared/pagination';
import { ShareDrawer } from '../../../shared/share/ShareDrawer';
import { showUndoMessage } from '../../../shared/undoMessage';
import { PlayerModal } from '../components/PlayerModal';
import { UploadVideoModal } from '../components/UploadVideoModal';
import { VideoCard, type VideoCardActions } from '../components/VideoCard';
import { useDeleteVideo, useVideos } from '../queries';

type Tab = typeof PICKER_VALUE.enterprise | typeof PICKER_VALUE.mine;

/** 视频管理: enterprise / my videos, chunked upload, play, enterprise toggle, soft delete with undo, share. */
export default function VideosPage() {
  const { t } = useTranslation('videos');
  const [tab, setTab] = useState<Tab>(PICKER_VALUE.enterprise);
  const [pageIndex, setPageIndex] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [playing, setPlaying] = useState<VideoItem | null>(null);
  const [sharing, setSharing] = useState<VideoItem | null>(null);
  const [days, setDays] = useState(30);
  const [statsItem, setStatsItem] = useState<{ id: number; title: string } | null>(null);
  const { data, isFetching, isError, refetch } = useVideos({
    pageIndex,
    pageSize: PAGE_SIZE.videoAndFile,
    typeValue: tab,
    keyword: keyword || undefined,
  });
  const [sortKey, setSortKey] = useState<StatKey | ''>('');
  const stats = useContentStats(
    'video',
    (data?.data ?? []).map((v) => v.id),
    days,
  );
  const remove = useRemoveWithUndo();
  const actions: VideoCardActions = { setPlaying, setSharing, setStatsItem, remove: (v) => void remove(v) };

  const total = data?.totalCount ?? 0;
  return (
    <Card>
      <ListTabs
        activeKey={String(tab)}
        onChange={(k) => {
          setTab(Number(k) as Tab);
          setPageIndex(1);
        }}
        items={[
          { key: String(PICKER_VALUE.enterprise), label: t('tabs.enterprise') },
          { key: String(PICKER_VALUE.mine), label: t('tabs.mine') },
        ]}
        tools={
          <VideoToolbar
            days={days}
            onDays={setDays}
            sortKey={sortKey}
            onSort={setSortKey}
            onSearch={(v) => {
              setKeyword(v);
              setPageIndex(1);
            }}
            onUpload={() => setUploadOpen(true)}
          />
        }
      />
      <ContentStatsDrawer kind="video" item={statsItem} onClose={() => setStatsItem(null)} />
      <Spin spinning={isFetching}>
        {total === 0 && !isFetching ? (
          isError ? (
            <ListFailure onRetry={refetch} />
          ) : (
            <Empty description={t('noData')} />
          )
        ) : (
          <Row gutter={[16, 16]}>
            {sortByStat(data?.data ?? [], stats, sortKey).map((v) => (
              <Col key={v.id} xs={24} sm={12} md={8} xl={6}>
                <VideoCard v={v} tab={tab} stat={stats.get(v.id)} {...actions} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <Pagination
        {...pagination({
          current: pageIndex,
          total,
          onChange: setPageIndex,
          pageSize: PAGE_SIZE.videoAndFile,
          style: { marginTop: 16, textAlign: 'right' },
        })}
      />
      <UploadVideoModal
        open={uploadOpen}
        onClose={() => {
          setUploadOpen(false);
          setPageIndex(1);
        }}
        onUploaded={() => setTab(PICKER_VALUE.mine)}
      />
      <PlayerModal video={playing} onClose={() => setPlaying(null)} />
      <ShareDrawer
        kind="video"
        eventKind={EVENT_KIND.video}
        item={sharing}
        title={t('shareTitle')}
        onClose={() => setSharing(null)}
      />
    </Card>
  );
}

/** 删除: a soft delete, and the message's 撤销 restores the video. */
function useRemoveWithUndo() {
  const { t } = useTranslation('videos');
  const del = useDeleteVideo();
  const restore = (v: VideoItem) =>
    del.mutate({ id: v.id, isTrueFalse: false }, { onSuccess: () => message.success(t('restored')) });
  return (v: VideoItem) =>
    del.mutateAsync({ id: v.id, isTrueFalse: true }).then(
      () =>
        showUndoMessage({
          key: `video-deleted-${v.id}`,
          text: t('deleted'),
          undoText: t('undo'),
          onUndo: () => restore(v),
        }),
      () => undefined,
    );
}

/** The list's tools: the figures' period and sort, the search (trimmed), and 上传视频. */
function VideoToolbar(p: {
  days: number;
  onDays: (d: number) => void;
  sortKey: StatKey | '';
  onSort: (k: StatKey | '') => void;
  onSearch: (keyword: string) => void;
  onUpload: () => void;
}) {
  const { t } = useTranslation('videos');
  return (
    <Space>
      <PeriodPicker value={p.days} onChange={p.onDays} />
      <StatSortPicker kind="video" value={p.sortKey} onChange={p.onSort} />
      <Input.Search
        allowClear
        placeholder={t('search')}
        style={{ width: 200 }}
        onSearch={(v) => p.onSearch(v.trim())}
      />
      <Button type="primary" icon={<UploadOutlined />} onClick={p.onUpload}>
        {t('upload')}
      </Button>
    </Space>
  );
}
