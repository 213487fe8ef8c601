import { MAX_WEBSITE_BLOCKS, type WebsiteBlock, type WebsiteBlockShown } from '@huoke/contracts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlockCard } from './BlockCard';

type BlockType = WebsiteBlock['type'];
/** A block as the editor holds it: an article or video block with the title it shows (id 0: none chosen yet). */
const NEW_BLOCK: Record<BlockType, () => WebsiteBlockShown> = {
  text: () => ({ type: 'text', text: '' }),
  image: () => ({ type: 'image', url: '' }),
  article: () => ({ type: 'article', id: 0, title: null }),
  video: () => ({ type: 'video', id: 0, title: null }),
  card: () => ({ type: 'card' }),
};

interface BlockListProps {
  blocks: WebsiteBlockShown[];
  /** The index of the block a refused save points at, and what a block lacks (a catalog key). */
  problem: number | null;
  problemOf: (b: WebsiteBlockShown) => string | null;
  /** Not onChange: the Form.Item around the list (there for its rule) gives its child an onChange of its own. */
  onEdit: (i: number, b: WebsiteBlockShown) => void;
  onMove: (i: number, d: -1 | 1) => void;
  onRemove: (i: number) => void;
  onPick: (i: number) => void;
  onAdd: (b: WebsiteBlockShown) => void;
}

/** The site's blocks in order, then + 文本, + 图片, … to add one. */
export function BlockList({ blocks, problem, problemOf, onEdit, onMove, onRemove, onPick, onAdd }: BlockListProps) {
  return (
    <>
      <Space orientation="vertical" style={{ width: '100%', margin: '8px 0' }}>
        {blocks.map((b, i) => (
          <BlockCard
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; position is their identity
            key={i}
            index={i}
            block={b}
            problem={problem === i ? problemOf(b) : null}
            onChange={(next) => onEdit(i, next)}
            onMove={(d) => onMove(i, d)}
            onRemove={() => onRemove(i)}
            onPick={() => onPick(i)}
          />
        ))}
      </Space>
      <AddBlockButtons
        full={blocks.length >= MAX_WEBSITE_BLOCKS}
        hasCard={blocks.some((b) => b.type === 'card')}
        onAdd={onAdd}
      />
    </>
  );
}

/**
 * + 文本, + 图片, …: a new empty block of each type, while the site has room for one. One card at most: a second
 * showed the same card twice (the server refuses it too).
 */
function AddBlockButtons({
  full,
  hasCard,
  onAdd,
}: {
  full: boolean;
  hasCard: boolean;
  onAdd: (b: WebsiteBlockShown) => void;
}) {
  const { t } = useTranslation('websites');
  return (
    <Space wrap>
      {(Object.keys(NEW_BLOCK) as BlockType[]).map((type) => (
        <Button
          key={type}
          disabled={full || (type === 'card' && hasCard)}
          title={type === 'card' && hasCard ? t('cardOnce') : undefined}
          onClick={() => onAdd(NEW_BLOCK[type]())}
        >
          + {t(type)}
        </Button>
      ))}
    </Space>
  );
}
