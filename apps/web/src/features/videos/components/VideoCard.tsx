import { PlayCircleOutlined } from '@ant-design/icons';
import type { ContentStat, VideoItem } from '@huoke/contracts';
import { PICKER_VALUE } from '@huoke/contracts';
import { Button, Card, message, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/confirm';
import { StatLine } from '../../../shared/content-stats/components/StatLine';
import { formatDateTime } from '../../../shared/format';
import { useVideoEnterprise } from '../queries';

export interface VideoCardActions {
  setPlaying: (v: VideoItem) => void;
  setSharing: (v: VideoItem) => void;
  setStatsItem: (item: { id: number; title: string }) => void;
  remove: (v: VideoItem) => void;
}

/** A video of the grid: its poster (plays it), title, author and time, figures, and its actions. */
export function VideoCard({
  v,
  tab,
  stat,
  setPlaying,
  setSharing,
  setStatsItem,
  remove,
}: { v: VideoItem; tab: number; stat: ContentStat | undefined } & VideoCardActions) {
  const { t } = useTranslation('videos');
  const enterprise = useVideoEnterprise();
  return (
    <Card
      size="small"
      data-testid="video-card"
      // As tall as its row (the grid stretches each column), the actions at the foot: a card with a shorter line
      // stood shorter than its neighbours.
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1 } }}
      cover={<VideoTile v={v} onPlay={() => setPlaying(v)} />}
      actions={[
        <Button key="play" size="small" type="link" onClick={() => setPlaying(v)}>
          {t('play')}
        </Button>,
        <Button key="share" size="small" type="link" onClick={() => setSharing(v)}>
          {t('share')}
        </Button>,
        <Button key="stats" size="small" type="link" onClick={() => setStatsItem({ id: v.id, title: v.title })}>
          {t('content-stats:stats')}
        </Button>,
        ...(v.canEdit
          ? [
              <Popconfirm
                key="del"
                title={t('deleteConfirm', { title: v.title })}
                okButtonProps={{ danger: true }}
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
            <StatLine kind="video" stat={stat} />
            {v.canEdit && !(tab === PICKER_VALUE.enterprise && !v.isEnterprise) && (
              <Button
                size="small"
                type="link"
                style={{ padding: 0 }}
                loading={enterprise.isPending && enterprise.variables?.id === v.id}
                onClick={async () => {
                  // It shows the video to the whole company, or takes it away: asked first, as for articles and files.
                  const label = v.isEnterprise ? t('cancelEnterprise') : t('setEnterprise');
                  const question = t(v.isEnterprise ? 'enterpriseOffConfirm' : 'enterpriseOnConfirm', {
                    title: v.title,
                  });
                  if (!(await confirmAction(question, undefined, { ok: label }))) return;
                  enterprise.mutate(
                    { id: v.id, on: !v.isEnterprise },
                    { onSuccess: () => message.success(t('success')) },
                  );
                }}
              >
                {v.isEnterprise ? t('cancelEnterprise') : t('setEnterprise')}
              </Button>
            )}
          </Space>
        }
      />
    </Card>
  );
}

/**
 * A video's poster, which plays it. Without a cover (none uploaded, and no frame taken: ffmpeg missing on the server)
 * the tile names the video, so a grid of them is not a row of black boxes.
 */
function VideoTile({ v, onPlay }: { v: VideoItem; onPlay: () => void }) {
  const { t } = useTranslation('videos');
  return (
    <button
      type="button"
      aria-label={`${t('play')} ${v.title}`}
      // The name carries the video's title: stored data, in the language it was written in.
      data-user-content
      onClick={onPlay}
      style={{
        height: 150,
        border: 0,
        padding: 0,
        cursor: 'pointer',
        background: v.videoPicUrl
          ? `center / cover no-repeat url("${v.videoPicUrl}")`
          : 'linear-gradient(135deg, #3a4a6b 0%, #1f2a40 100%)',
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        alignItems: 'center',
        justifyContent: 'center',
        color: 'rgba(255,255,255,.9)',
      }}
    >
      <PlayCircleOutlined style={{ fontSize: 40, color: 'rgba(255,255,255,.85)' }} />
      {!v.videoPicUrl && (
        <Typography.Text
          ellipsis
          style={{ color: 'inherit', maxWidth: '85%', fontSize: 13 }}
          data-testid="video-no-cover-title"
        >
          {v.title}
        </Typography.Text>
      )}
    </button>
  );
}
