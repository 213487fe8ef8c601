import type { Website, WebsiteBlock, WebsiteBlockShown, WebsiteBody } from '@huoke/contracts';
import { Form, Input, message, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';
import { ContentPicker } from '../../../shared/pickers/ContentPicker';
import { ImageField } from '../../../shared/pickers/ImageField';
import { useSaveWebsite } from '../queries';
import { BlockList } from './BlockList';

/** What the server stores of a block: the title is read back with the site, never saved. */
const stored = (b: WebsiteBlockShown): WebsiteBlock =>
  b.type === 'article' || b.type === 'video' ? { type: b.type, id: b.id } : b;

interface WebsiteEditorProps {
  open: boolean;
  /** The website being edited; undefined creates one. */
  website?: Website;
  onClose: () => void;
}

/** Create or edit a mini-website: title, cover and an ordered list of blocks. */
export function WebsiteEditor({ open, website, onClose }: WebsiteEditorProps) {
  const { t } = useTranslation('websites');
  const [form] = Form.useForm<{ title: string; blocks?: never }>();
  const [cover, setCover] = useState('');
  const [blocks, setBlocks] = useState<WebsiteBlockShown[]>([]);
  const [picking, setPicking] = useState<number | null>(null);
  const save = useSaveWebsite();
  useEffect(() => {
    if (!open) return;
    setCover(website?.cover ?? '');
    setBlocks(website?.blocks ?? []);
  }, [open, website]);

  const [problem, setProblem] = useState<number | null>(null);
  const update = (i: number, b: WebsiteBlockShown) => {
    setProblem(null);
    setBlocks((bs) => bs.map((x, j) => (j === i ? b : x)));
  };
  const move = (i: number, d: -1 | 1) =>
    setBlocks((bs) => {
      const next = [...bs];
      const j = i + d;
      if (j < 0 || j >= next.length) return bs;
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
  const submit = async ({ title }: { title: string }) => {
    // A block left empty is said at the block, and nothing is saved: an article block without its article was
    // dropped, and an empty text block stored, without a word.
    const empty = blocks.findIndex((b) => blockProblem(b) !== null);
    if (empty >= 0) {
      setProblem(empty);
      document.querySelector<HTMLElement>(`[data-block="${empty}"]`)?.scrollIntoView({ block: 'nearest' });
      return;
    }
    const body: WebsiteBody = { title: title.trim(), cover: cover.trim(), blocks: blocks.map(stored) };
    await save.mutateAsync({ id: website?.id, body });
    message.success(t('ok'));
    onClose();
  };
  const picked = picking !== null ? blocks[picking] : undefined;
  // Compared with what was opened: closing asks first when the cover or a block changed (the title is the form's).
  const changed = cover !== (website?.cover ?? '') || JSON.stringify(blocks) !== JSON.stringify(website?.blocks ?? []);

  return (
    <FormDialog
      open={open}
      title={website ? t('editTitle') : t('create')}
      form={form}
      onClose={onClose}
      onSubmit={submit}
      okText={t('confirm')}
      cancelText={t('cancel')}
      width={640}
      askBeforeDiscard={{ text: t('discardText'), changed }}
      formProps={{ layout: 'vertical', initialValues: { title: website?.title ?? '' } }}
      after={
        picked &&
        (picked.type === 'article' || picked.type === 'video') &&
        picking !== null && (
          <ContentPicker
            kind={picked.type}
            open
            value={picked.id ? [picked.id] : []}
            onOk={(items) => {
              // The picker knows the titles of the pages it loaded only: the block's own one, kept, has the title
              // the block had (null still for a gone one).
              const [it] = items;
              if (it)
                update(picking, {
                  type: picked.type,
                  id: it.id,
                  title: it.title || (it.id === picked.id ? picked.title : null),
                });
              setPicking(null);
            }}
            onCancel={() => setPicking(null)}
          />
        )
      }
    >
      <Form.Item
        name="title"
        label={t('name')}
        rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
      >
        <Input maxLength={60} showCount />
      </Form.Item>
      <Form.Item label={t('cover')}>
        <ImageField value={cover} onChange={setCover} label={t('cover')} />
      </Form.Item>
      <Typography.Text strong>{t('blocks')}</Typography.Text>
      {/* A form rule, so that a site of no blocks is said with the title's message, under the blocks. */}
      <Form.Item name="blocks" rules={[atLeastOneBlock(blocks.length, t('blocksRequired'))]}>
        <BlockList
          blocks={blocks}
          problem={problem}
          problemOf={blockProblem}
          onEdit={update}
          onMove={move}
          onRemove={(i) => {
            setProblem(null);
            setBlocks((bs) => bs.filter((_, j) => j !== i));
          }}
          onPick={setPicking}
          onAdd={(b) => {
            setBlocks((bs) => [...bs, b]);
            form.setFields([{ name: 'blocks', errors: [] }]);
          }}
        />
      </Form.Item>
    </FormDialog>
  );
}

/** The blocks' form rule: a site of no blocks shared a page with its title alone. */
const atLeastOneBlock = (count: number, text: string) => ({
  validator: () => (count > 0 ? Promise.resolve() : Promise.reject(new Error(text))),
});

/**
 * What a block lacks to be saved (the catalog key of its message), or null. An article or video that is gone would be
 * refused by the server as "blocks: 9999 不存在", far from the block: it is said at the block instead.
 */
function blockProblem(b: WebsiteBlockShown): string | null {
  if (b.type === 'text') return b.text.trim() ? null : 'textRequired';
  if (b.type === 'image') return b.url ? null : 'imageRequired';
  if (b.type === 'article' || b.type === 'video') {
    if (b.id <= 0) return `${b.type}Required`;
    return b.title === null ? 'contentGone' : null;
  }
  return null;
}
