import { PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type Visitor, type VisitorPageQuery } from '@huoke/contracts';
import { exportRoutes } from '@huoke/contracts/routes/stats';
import { Button, Card, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../../shared/content-stats/components/ExportButton';
import { opensByKeyboard } from '../../../shared/opensByKeyboard';
import { failureOf, PagedTable } from '../../../shared/PagedTable';
import { usePhone } from '../../../shared/phone';
import { urlOf } from '../../../shared/routeUrl';
import { EditVisitorDialog } from '../components/EditVisitorDialog';
import { VisitorChart } from '../components/VisitorChart';
import { useVisitorColumns } from '../components/VisitorColumns';
import { VisitorDrawer } from '../components/VisitorDrawer';
import { NO_FILTERS, VisitorFilters, type VisitorFilterValues } from '../components/VisitorFilters';
import { VisitorSort } from '../components/VisitorSort';
import { useVisitors } from '../queries';
import { cursorFor } from '../scoreColor';

/**
 * The export's query: everything the list's call sends but its page (index, size, cursor), so the file holds what the
 * list shows, in its order (source, time range, keyword, stage, 今日待跟进, 员工, sort by 线索分).
 */
function exportQuery({ pageIndex: _i, pageSize: _s, cursor: _c, ...filters }: VisitorPageQuery) {
  return filters;
}

/**
 * 访客雷达: visitor list (source, time range, keyword, stage, 今日待跟进, 员工; newest activity first or by 线索分: its column's
 * header, or on a phone, where the rows are cards, the 排序 chooser), 访问量 bar chart, lead drawer.
 */
export default function RadarPage() {
  const { t } = useTranslation('radar');
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [pageIndex, setPageIndex] = useState(1);
  // ?due=1 (the brief's 还有 N 条待跟进) opens the list on 今日待跟进.
  const [filters, setFilters] = useState<VisitorFilterValues>(() => ({
    ...NO_FILTERS,
    due: params.get('due') === '1',
  }));
  const { source, range, keyword, stage, due, sharer } = filters;
  const filter = (patch: Partial<VisitorFilterValues>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPageIndex(1);
  };
  const [creating, setCreating] = useState(false);
  const [sort, setSort] = useState<'score' | undefined>(undefined);
  const sortBy = (next: 'score' | undefined) => {
    if (next === sort) return;
    setSort(next);
    setPageIndex(1);
  };
  const phone = usePhone();
  // Sorted by score, each page starts where the page before it ended (keyset), once that page was read.
  const cursors = useRef(new Map<number, string>());
  const startTime = range?.[0]?.startOf('day').toISOString();
  const endTime = range?.[1]?.endOf('day').toISOString();
  const query: VisitorPageQuery = {
    pageIndex,
    pageSize: PAGE_SIZE.list,
    source: source || undefined,
    startTime,
    endTime,
    keyword: keyword || undefined,
    sort,
    cursor: sort ? cursorFor(cursors.current, pageIndex) : undefined,
    stage,
    due: due || undefined,
    sharerId: sharer,
  };
  const visitors = useVisitors(query);
  const filterKey = JSON.stringify([sort, source, startTime, endTime, keyword, stage, due, sharer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new sort or filter starts the cursors over
  useEffect(() => {
    cursors.current.clear();
  }, [filterKey]);
  useEffect(() => {
    const next = visitors.data?.nextCursor;
    if (sort && next && visitors.data?.pageIndex === pageIndex) cursors.current.set(pageIndex + 1, next);
  }, [visitors.data, sort, pageIndex]);
  const columns = useVisitorColumns(Boolean(sort));

  useFocusBackOnClose(openId);
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    next.delete('follow');
    if (id) next.set('id', String(id));
    else next.delete('id');
    setParams(next, { replace: !id });
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <VisitorChart startTime={startTime} endTime={endTime} />
      <Card
        size="small"
        title={t('title')}
        extra={
          <Space>
            <ExportButton url={urlOf(exportRoutes.visitors, { query: exportQuery(query) })} testId="export-visitors" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('newLead')}
            </Button>
          </Space>
        }
      >
        <VisitorFilters value={filters} onChange={filter} />
        {phone && <VisitorSort value={sort} onChange={sortBy} />}
        <PagedTable<Visitor>
          loading={visitors.isFetching}
          page={visitors.data}
          {...failureOf(visitors)}
          current={pageIndex}
          onPage={setPageIndex}
          // A row opens its lead: by a click, or from the keyboard (a tab stop that Enter and Space open).
          onRow={(r) =>
            ({
              onClick: () => open(r.id),
              ...opensByKeyboard(() => open(r.id)),
              style: { cursor: 'pointer' },
              'data-testid': 'visitor-row',
            }) as never
          }
          onChange={(_p, _f, sorter) =>
            sortBy(!Array.isArray(sorter) && sorter.columnKey === 'score' && sorter.order ? 'score' : undefined)
          }
          columns={columns}
        />
      </Card>
      <VisitorDrawer
        id={openId}
        onClose={() => open(null)}
        initialTab={params.get('follow') ? 'followUps' : 'dynamics'}
      />
      <EditVisitorDialog open={creating} visitor={null} onClose={() => setCreating(false)} />
    </Space>
  );
}

/**
 * When the drawer closes, the keyboard comes back to the row whose lead it showed. antd would give the focus back to
 * the element that had it, but the list is drawn anew meanwhile (the drawer's changes refresh it), so that row was
 * gone and the focus fell to the page's body.
 */
function useFocusBackOnClose(openId: number | null) {
  const shown = useRef<number | null>(openId);
  useEffect(() => {
    const closed = shown.current;
    shown.current = openId;
    if (!closed || openId) return;
    const frame = requestAnimationFrame(() => {
      const at = document.activeElement;
      if (!at || at === document.body || at.closest('.visitor-drawer'))
        document.querySelector<HTMLElement>(`tr[data-row-key="${closed}"]`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [openId]);
}
