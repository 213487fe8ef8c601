import { type Page, PICKER_VALUE, SELECTION_MAX } from '@huoke/contracts';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Empty, Image, Modal, message, Spin, Tabs, Tag, Typography } from 'antd';
import { type UIEvent, useEffect, useRef, useState } from 'react';
import { nearBottom, useInfiniteList } from '../InfiniteList';
import { ListFailure } from '../ListFailure';
import { fileHref, pickerPage } from './api';
import { usePickerTexts } from './texts';
import type { ContentPickerProps, PickableKind, PickedItem, PickerTab } from './types';

/** One tab's list: next page within 50 px of the bottom, finished once totalCount items are loaded (SPEC §4). */
function PickerList({
  kind,
  tab,
  selected,
  onToggle,
  exclude,
}: {
  kind: PickableKind;
  tab: PickerTab;
  selected: Map<number, PickedItem>;
  onToggle: (item: PickedItem) => void;
  exclude?: number;
}) {
  const tx = usePickerTexts();
  const q = useInfiniteList(['picker', kind, tab], (pageIndex) => pickerPage(kind, tab, pageIndex));
  const items = exclude === undefined ? q.items : q.items.filter((i) => i.id !== exclude);
  const ref = useRef<HTMLDivElement>(null);
  const maybeLoad = (el: HTMLElement) => {
    if (q.hasNextPage && !q.isFetchingNextPage && !q.isFetchNextPageError && nearBottom(el)) void q.fetchNextPage();
  };
  // A first page shorter than the box cannot scroll: keep loading until it fills or finishes.
  useEffect(() => {
    if (ref.current) maybeLoad(ref.current);
  });
  return (
    <div
      ref={ref}
      data-testid={`picker-list-${tab}`}
      style={{ height: 360, overflowY: 'auto' }}
      onScroll={(e: UIEvent<HTMLDivElement>) => maybeLoad(e.currentTarget)}
    >
      {items.map((item) => (
        <div
          key={item.id}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '8px 4px',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Checkbox checked={selected.has(item.id)} onChange={() => onToggle(item)}>
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              {item.cover && (
                <Image
                  src={fileHref(item.cover)}
                  width={48}
                  height={36}
                  preview={false}
                  style={{ objectFit: 'cover' }}
                />
              )}
              {/* Within the dialog on a phone too (390 px: the viewport less the dialog's margins, the check and
                  the cover), cut with … and the whole title on hover; a fixed 520 px ran past the dialog's edge. */}
              <Typography.Text
                ellipsis={{ tooltip: item.title }}
                style={{ maxWidth: item.cover ? 'min(520px, calc(100vw - 170px))' : 'min(520px, calc(100vw - 114px))' }}
              >
                {item.title}
              </Typography.Text>
            </span>
          </Checkbox>
        </div>
      ))}
      {(q.isPending || q.isFetchingNextPage) && (
        <div style={{ textAlign: 'center', padding: 12 }}>
          <Spin size="small" />
        </div>
      )}
      {/* A failed call is no empty list: 列表加载失败 with 重试 (the next page's: below the rows, not tried again). */}
      {q.isError && !q.isFetchingNextPage ? (
        <ListFailure onRetry={q.items.length > 0 && q.isFetchNextPageError ? q.fetchNextPage : q.refetch} />
      ) : (
        !q.isPending && items.length === 0 && <Empty description={tx.empty} />
      )}
    </div>
  );
}

/** Choose-article / choose-file / video picker (SPEC §2.3): tabs enterprise (1) / mine (2), at most 3. */
export function ContentPicker({ kind, open, value, onOk, onCancel, exclude }: ContentPickerProps) {
  const tx = usePickerTexts();
  const qc = useQueryClient();
  const [tab, setTab] = useState<PickerTab>(PICKER_VALUE.enterprise);
  const [selected, setSelected] = useState<Map<number, PickedItem>>(new Map());
  // Reset the selection when the dialog opens; `value` is compared by content (callers pass a fresh array each render).
  const valueKey = value.join(',');
  useEffect(() => {
    if (open)
      setSelected(
        new Map(valueKey ? valueKey.split(',').map((id) => [Number(id), { id: Number(id), title: '' }]) : []),
      );
  }, [open, valueKey]);

  const toggle = (item: PickedItem) => {
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(item.id)) next.delete(item.id);
      else if (next.size >= SELECTION_MAX) {
        message.warning(tx.maxThree);
        return prev;
      } else next.set(item.id, item);
      return next;
    });
  };
  const labels = tx[kind];
  const title = kind === 'article' ? tx.articleTitle : kind === 'document' ? tx.documentTitle : tx.videoTitle;
  return (
    <Modal
      open={open}
      title={title}
      width={720}
      okText={tx.ok}
      cancelText={tx.cancel}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => {
        if (selected.size > SELECTION_MAX) {
          message.warning(tx.maxThree);
          return;
        }
        // Items chosen before the dialog opened carry only their id: take their titles from the loaded pages.
        const known = new Map<number, PickedItem>();
        for (const [, d] of qc.getQueriesData<InfiniteData<Page<PickedItem>>>({ queryKey: ['picker', kind] }))
          for (const p of d?.pages ?? []) for (const it of p.data) known.set(it.id, it);
        onOk([...selected.values()].map((it) => (it.title ? it : (known.get(it.id) ?? it))));
      }}
    >
      <Tabs
        activeKey={String(tab)}
        onChange={(k) => setTab(Number(k) as PickerTab)}
        items={([PICKER_VALUE.enterprise, PICKER_VALUE.mine] as PickerTab[]).map((v) => ({
          key: String(v),
          label:
            kind === 'document' && v === PICKER_VALUE.enterprise ? (
              <span>
                {labels[v]} <Tag color="blue">{tx.shared}</Tag>
              </span>
            ) : (
              labels[v]
            ),
          children: <PickerList kind={kind} tab={v} selected={selected} onToggle={toggle} exclude={exclude} />,
        }))}
      />
    </Modal>
  );
}
