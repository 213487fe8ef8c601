import { VideoCameraAddOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenFileInput } from '../../../shared/HiddenFileInput';
import { formatSize } from '../../../shared/upload/rules';

/** 选择视频: the hidden file input, its button, and the chosen file's name and size. */
export function VideoFileField({
  video,
  busy,
  onPick,
}: {
  video: File | null;
  busy: boolean;
  onPick: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation('videos');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <HiddenFileInput
        ref={input}
        accept="video/*,.mp4,.mpeg,.avi,.rm,.mov,.wmv,.flv,.asf"
        data-testid="video-file-input"
        onChange={onPick}
      />
      <Space>
        <Button icon={<VideoCameraAddOutlined />} onClick={() => input.current?.click()} disabled={busy}>
          {t('chooseVideo')}
        </Button>
        {video && (
          <Typography.Text type="secondary">
            {video.name} ({formatSize(video.size)})
          </Typography.Text>
        )}
      </Space>
    </>
  );
}
