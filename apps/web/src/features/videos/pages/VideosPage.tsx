import { PlayCircleOutlined, UploadOutlined } from '@ant-design/icons';
import type { VideoItem } from '@huoke/contracts';
import { EVENT_KIND, PAGE_SIZE, PICKER_VALUE } from '@huoke/contracts';
import {
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Input,
  Modal,
  message,
  Pagination,
  Popconfirm,
  Row,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentStatsDrawer } from '../../../shared/content-stats/components/ContentStatsDrawer';
import {
  PeriodPicker,
  type StatKey,
  StatLine,
  StatSortPicker,
  sortByStat,
  useContentStats,
} from '../../../shared/content-stats/components/statColumns';
import { formatDateTime } from '../../../shared/format';
import { pagination } from '../../../shared/pagination';
import { ContentSpreadButton } from '../../../shared/share/ContentSpreadButton';
import { SharePanel } from '../../../shared/share/SharePanel';
import { UploadVideoModal } from '../components/UploadVideoModal';
import { useDeleteVideo, useVideoEnterprise, useVideos } from '../queries';

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
  const { data, isFetching } = useVideos({
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
  const del = useDeleteVideo();
  const enterprise = useVideoEnterprise();

  const restore = (v: VideoItem) =>
    del.mutate({ id: v.id, isTrueFalse: false }, { onSuccess: () => message.success(t('restored')) });
  const remove = (v: VideoItem) =>
    del.mutateAsync({ id: v.id, isTrueFalse: true }).then(
      () => {
        const key = `video-deleted-${v.id}`;
        message.success({
          key,
          duration: 8,
          content: (
            <span>
              {t('deleted')}{' '}
              <Button
                size="small"
                type="link"
                onClick={() => {
                  message.destroy(key);
                  restore(v);
                }}
              >
                {t('undo')}
              </Button>
            </span>
          ),
        });
      },
      () => undefined,
    );

  const total = data?.totalCount ?? 0;
  return (
    <Card>
      <Tabs
        activeKey={String(tab)}
        onChange={(k) => {
          setTab(Number(k) as Tab);
          setPageIndex(1);
        }}
        items={[
          { key: String(PICKER_VALUE.enterprise), label: t('tabs.enterprise') },
          { key: String(PICKER_VALUE.mine), label: t('tabs.mine') },
        ]}
        tabBarExtraContent={
          <Space>
            <PeriodPicker value={days} onChange={setDays} />
            <StatSortPicker value={sortKey} onChange={setSortKey} />
            <Input.Search
              allowClear
              placeholder={t('search')}
              style={{ width: 200 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPageIndex(1);
              }}
            />
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)}>
              {t('upload')}
            </Button>
          </Space>
        }
      />
      <ContentStatsDrawer kind="video" item={statsItem} onClose={() => setStatsItem(null)} />
      <Spin spinning={isFetching}>
        {total === 0 && !isFetching ? (
          <Empty description={t('noData')} />
        ) : (
          <Row gutter={[16, 16]}>
            {sortByStat(data?.data ?? [], stats, sortKey).map((v) => (
              <Col key={v.id} xs={24} sm={12} md={8} xl={6}>
                <Card
                  size="small"
                  data-testid="video-card"
                  cover={
                    <button
                      type="button"
                      aria-label={`${t('play')} ${v.title}`}
                      onClick={() => setPlaying(v)}
                      style={{
                        height: 150,
                        border: 0,
                        padding: 0,
                        cursor: 'pointer',
                        background: v.videoPicUrl ? `center / cover no-repeat url("${v.videoPicUrl}")` : '#1f1f1f',
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                      }}
                    >
                      <PlayCircleOutlined style={{ fontSize: 40, color: 'rgba(255,255,255,.85)' }} />
                    </button>
                  }
                  actions={[
                    <Button key="play" size="small" type="link" onClick={() => setPlaying(v)}>
                      {t('play')}
                    </Button>,
                    <Button key="share" size="small" type="link" onClick={() => setSharing(v)}>
                      {t('share')}
                    </Button>,
                    <Button
                      key="stats"
                      size="small"
                      type="link"
                      onClick={() => setStatsItem({ id: v.id, title: v.title })}
                    >
                      {t('content-stats:stats')}
                    </Button>,
                    ...(v.canEdit
                      ? [
                          <Popconfirm
                            key="del"
                            title={t('confirmTitle')}
                            description={t('confirmContent')}
                            onConfirm={() => remove(v)}
                          >
                            <Button size="small" type="link" danger>
                              {t('delete')}
                            </Button>
                          </Popconfirm>,
                        ]
                      : []),
                  ]}
                >
                  <Card.Meta
                    title={
                      <Space size={4}>
                        <Typography.Text ellipsis style={{ maxWidth: 160 }}>
                          {v.title}
                        </Typography.Text>
                        {v.isEnterprise && tab === PICKER_VALUE.mine && <Tag color="blue">{t('enterpriseTag')}</Tag>}
                      </Space>
                    }
                    description={
                      <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                        <span>
                          {v.createBy} · {formatDateTime(v.createTime)}
                        </span>
                        <StatLine stat={stats.get(v.id)} />
                        {v.canEdit && !(tab === PICKER_VALUE.enterprise && !v.isEnterprise) && (
                          <Button
                            size="small"
                            type="link"
                            style={{ padding: 0 }}
                            loading={enterprise.isPending && enterprise.variables?.id === v.id}
                            onClick={() =>
                              enterprise.mutate(
                                { id: v.id, on: !v.isEnterprise },
                                {
                                  onSuccess: () => message.success(t('success')),
                                },
                              )
                            }
                          >
                            {v.isEnterprise ? t('cancelEnterprise') : t('setEnterprise')}
                          </Button>
                        )}
                      </Space>
                    }
                  />
                </Card>
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
      />
      <Modal
        open={!!playing}
        title={playing?.title}
        width={800}
        footer={null}
        onCancel={() => setPlaying(null)}
        destroyOnHidden
      >
        {playing && (
          <video
            data-testid="video-player"
            src={playing.fileUrl}
            poster={playing.videoPicUrl || undefined}
            controls
            autoPlay
            muted
            style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
          />
        )}
      </Modal>
      <Drawer open={!!sharing} title={t('shareTitle')} size={560} onClose={() => setSharing(null)} destroyOnHidden>
        {sharing && (
          <>
            <Typography.Title level={5}>{sharing.title}</Typography.Title>
            <SharePanel kind="video" id={sharing.id} />
            <ContentSpreadButton kind={EVENT_KIND.video} contentId={sharing.id} title={sharing.title} />
          </>
        )}
      </Drawer>
    </Card>
  );
}
