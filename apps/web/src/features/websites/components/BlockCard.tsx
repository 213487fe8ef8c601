import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { WebsiteBlockShown } from '@huoke/contracts';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../../shared/pickers/ImageField';

/** One block of a mini-website (text, image, article, video or card) with its move and remove buttons. */
export function BlockCard({
  index,
  block,
  problem,
  onChange,
  onMove,
  onRemove,
  onPick,
}: {
  index: number;
  block: WebsiteBlockShown;
  /** The catalog key of what the block lacks, shown in it (red) after a refused save. */
  problem: string | null;
  onChange: (b: WebsiteBlockShown) => void;
  onMove: (d: -1 | 1) => void;
  onRemove: () => void;
  /** Opens the content picker of an article or video block. */
  onPick: () => void;
}) {
  const { t } = useTranslation('websites');
  const content = block.type === 'article' || block.type === 'video' ? block : null;
  // Said before any save: the site names an article or video that was deleted (or kept from the reader) since.
  const gone = content !== null && content.id > 0 && content.title === null;
  return (
    <Card
      size="small"
      data-block={index}
      title={t(block.type)}
      style={problem ? { borderColor: 'var(--ant-color-error, #ff4d4f)' } : undefined}
      extra={
        <Space>
          <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('up')} onClick={() => onMove(-1)} />
          <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('down')} onClick={() => onMove(1)} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('remove')} onClick={onRemove} />
        </Space>
      }
    >
      {block.type === 'text' && (
        <Input.TextArea
          rows={3}
          maxLength={5000}
          value={block.text}
          onChange={(e) => onChange({ type: 'text', text: e.target.value })}
        />
      )}
      {block.type === 'image' && (
        <ImageField value={block.url} label={t('imageUrl')} onChange={(url) => onChange({ type: 'image', url })} />
      )}
      {content && (
        // The title of what was picked, never its number: a number told nobody which article the site shows.
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          {content.title ? (
            <Typography.Text ellipsis style={{ maxWidth: 440 }}>
              {content.title}
            </Typography.Text>
          ) : (
            !gone && <Typography.Text type="secondary">{t(`${content.type}NotChosen`)}</Typography.Text>
          )}
          <Button onClick={onPick}>{t('choose')}</Button>
        </Space>
      )}
      {block.type === 'card' && <Typography.Text type="secondary">{t('cardHint')}</Typography.Text>}
      {(problem || gone) && (
        <Typography.Text type="danger" role={problem ? 'alert' : undefined} style={{ display: 'block', marginTop: 4 }}>
          {t(problem ?? 'contentGone')}
        </Typography.Text>
      )}
    </Card>
  );
}
