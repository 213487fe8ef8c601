import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { WebsiteBlock } from '@huoke/contracts';
import { Button, Card, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../../shared/pickers/ImageField';

/** One block of a mini-website (text, image, article, video or card) with its move and remove buttons. */
export function BlockCard({
  block,
  onChange,
  onMove,
  onRemove,
  onPick,
}: {
  block: WebsiteBlock;
  onChange: (b: WebsiteBlock) => void;
  onMove: (d: -1 | 1) => void;
  onRemove: () => void;
  /** Opens the content picker of an article or video block. */
  onPick: () => void;
}) {
  const { t } = useTranslation('websites');
  return (
    <Card
      size="small"
      title={t(block.type)}
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
      {(block.type === 'article' || block.type === 'video') && (
        <Space>
          <InputNumber
            min={1}
            value={block.id || null}
            placeholder={t('contentId')}
            onChange={(v) => onChange({ type: block.type, id: Number(v ?? 0) })}
          />
          <Button onClick={onPick}>{t('choose')}</Button>
        </Space>
      )}
      {block.type === 'card' && <Typography.Text type="secondary">{t('cardHint')}</Typography.Text>}
    </Card>
  );
}
