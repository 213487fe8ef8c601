import type { VideoItem } from '@huoke/contracts';
import { Modal } from 'antd';

/** Plays a video (muted autoplay) in a dialog. */
export function PlayerModal({ video, onClose }: { video: VideoItem | null; onClose: () => void }) {
  return (
    <Modal open={!!video} title={video?.title} width={800} footer={null} onCancel={onClose} destroyOnHidden>
      {video && (
        <video
          data-testid="video-player"
          src={video.fileUrl}
          poster={video.videoPicUrl || undefined}
          controls
          autoPlay
          muted
          style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
        />
      )}
    </Modal>
  );
}
