import { DYNAMICS_FILTERS } from '@huoke/contracts';
import { Empty, Radio, Spin, Tag, Timeline } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearBottom } from '../../../shared/InfiniteList';
import { kindTag } from '../../../shared/kindName';
import { ListFailure } from '../../../shared/ListFailure';
import { useDynamics } from '../queries';

/**
 * 动态: filters of §9, grouped by day, next page (time cursor) when the drawer's body, the one area that scrolls, is
 * within 50 px of its end. The list once scrolled in a box of its own inside the scrolling drawer: two scroll bars,
 * and scrolling the drawer to its end never loaded older entries. `active`: the tab shown (a hidden tab loads
 * nothing).
 */
export function DynamicsTab({ id, active = true }: { id: number; active?: boolean }) {
  const { t } = useTranslation('radar');
  const [filter, setFilter] = useState(0);
  const q = useDynamics(id, filter);
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  const ref = useRef<HTMLElement>(null);
  const maybeLoad = () => {
    const area = ref.current?.closest<HTMLElement>('.ant-drawer-body');
    if (!active || !area || !q.hasNextPage || q.isFetchingNextPage || q.isFetchNextPageError) return;
    if (nearBottom(area)) void q.fetchNextPage();
  };
  // A short first page cannot scroll: keep loading until the drawer fills or the list ends.
  useEffect(maybeLoad);
  // The drawer's scrolling, heard by the render's own check (it knows the page being fetched).
  const latest = useRef(maybeLoad);
  latest.current = maybeLoad;
  useEffect(() => {
    const area = ref.current?.closest<HTMLElement>('.ant-drawer-body');
    if (!area) return;
    const onScroll = () => latest.current();
    area.addEventListener('scroll', onScroll, { passive: true });
    return () => area.removeEventListener('scroll', onScroll);
  }, []);
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
      {/* Named for a screen reader; it grows with its entries, and the drawer scrolls. */}
      <section ref={ref} aria-label={t('drawer.dynamics')} data-testid="dynamics-list">
        {q.isPending ? (
          <Spin />
        ) : items.length === 0 ? (
          q.isError ? (
            <ListFailure onRetry={q.refetch} />
          ) : (
            <Empty description={t('drawer.noDynamics')} />
          )
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
                    <Tag>{kindTag(t, d.kind, d.customerClueSourceString)}</Tag>
                    {d.message}
                  </div>
                ),
              },
            ])}
          />
        )}
        {q.isFetchingNextPage && <Spin size="small" />}
        {items.length > 0 && q.isFetchNextPageError && !q.isFetchingNextPage && (
          <ListFailure onRetry={q.fetchNextPage} />
        )}
        {!q.isPending && items.length > 0 && !q.hasNextPage && (
          <div style={{ textAlign: 'center', color: 'rgba(0,0,0,.35)' }}>{t('drawer.noMore')}</div>
        )}
      </section>
    </div>
  );
}
