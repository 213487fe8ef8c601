import { Image, Modal, Skeleton, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format';
import { useBroadcast } from '../queries';

/** A daily share that is not a poster: its article (WjtBroadcast/Get). */
export function ArticleDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, isPending } = useBroadcast(id);
  return (
    <Modal open={!!id} title={data?.title} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {isPending || !data ? (
        <Skeleton active />
      ) : (
        <div data-testid="broadcast-article">
          <Typography.Text type="secondary">{formatDateTime(data.createTime)}</Typography.Text>
          {data.imageUrl && <Image src={data.imageUrl} style={{ margin: '12px 0' }} />}
          {data.shortContent.split('\n').map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a static text
            <Typography.Paragraph key={i}>{p}</Typography.Paragraph>
          ))}
        </div>
      )}
    </Modal>
  );
}
