import { DYNAMICS_FILTERS, SCROLL_TRIGGER_PX } from '@huoke/contracts';
import { Empty, Radio, Spin, Tag, Timeline } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindKey } from '../kindName';
import { useDynamics } from '../queries';

/** 动态: filters of §9, grouped by day, next page (time cursor) within 50 px of the bottom. */
export function DynamicsTab({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const [filter, setFilter] = useState(0);
  const q = useDynamics(id, filter);
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  const ref = useRef<HTMLElement>(null);
  const maybeLoad = () => {
    const el = ref.current;
    if (!el || !q.hasNextPage || q.isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_TRIGGER_PX) void q.fetchNextPage();
  };
  // A short first page cannot scroll: keep loading until the area fills or the list ends.
  useEffect(maybeLoad);
  return (
    <div>
      <Radio.Group
        size="small"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        optionType="button"
        style={{ marginBottom: 12, display: 'flex', flexWrap: 'wrap', gap: 4 }}
        options={DYNAMICS_FILTERS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        data-testid="dynamics-filters"
      />
      <section
        ref={ref}
        onScroll={maybeLoad}
        style={{ height: 'calc(100vh - 330px)', minHeight: 240, overflowY: 'auto' }}
        // A scrolling list the keyboard reaches (Tab, then the arrow keys scroll it), named for a screen reader.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus to be scrolled by keys
        tabIndex={0}
        aria-label={t('drawer.dynamics')}
        data-testid="dynamics-list"
      >
        {q.isPending ? (
          <Spin />
        ) : items.length === 0 ? (
          <Empty description={t('drawer.noDynamics')} />
        ) : (
          <Timeline
            items={items.flatMap((d) => [
              ...(d.isNewDay
                ? [{ key: `day-${d.id}`, color: 'gray', content: <strong data-testid="dynamics-day">{d.day}</strong> }]
                : []),
              {
                key: d.id,
                content: (
                  <div data-testid="dynamic-item" data-kind={d.kind}>
                    <span style={{ color: 'rgba(0,0,0,.45)', marginRight: 8 }}>{d.time}</span>
                    <Tag>{t(kindKey(d.kind), { defaultValue: d.customerClueSourceString })}</Tag>
                    {d.message}
                  </div>
                ),
              },
            ])}
          />
        )}
        {q.isFetchingNextPage && <Spin size="small" />}
        {!q.isPending && items.length > 0 && !q.hasNextPage && (
          <div style={{ textAlign: 'center', color: 'rgba(0,0,0,.35)' }}>{t('drawer.noMore')}</div>
        )}
      </section>
    </div>
  );
}
