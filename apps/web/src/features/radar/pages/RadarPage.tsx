import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { LEAD_STAGES, type LeadStage, PAGE_SIZE, type Visitor } from '@huoke/contracts';
import { Avatar, Button, Card, Checkbox, DatePicker, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EChart } from '../../../shared/chart/EChart';
import { ExportButton } from '../../../shared/content-stats/components/ExportButton';
import { formatDateTime } from '../../../shared/format';
import { ListTable } from '../../../shared/ListTable';
import { pagination } from '../../../shared/pagination';
import { avatarUrl } from '../avatar';
import { EditVisitorDialog } from '../components/EditVisitorDialog';
import { ScoreBadge } from '../components/ScoreBadge';
import { VisitorDrawer } from '../components/VisitorDrawer';
import { kindName } from '../kindName';
import { useVisitorChart, useVisitors } from '../queries';
import { cursorFor } from '../scoreColor';
import { sourceLabel } from '../source';

const SOURCES = [0, 2, 3, 4, 7, 8, 5] as const;

/** The list's filters as the export's query string. */
function exportParams(q: { source?: number; startTime?: string; endTime?: string; keyword?: string }) {
  const p = new URLSearchParams();
  if (q.source) p.set('source', String(q.source));
  if (q.startTime) p.set('startTime', q.startTime);
  if (q.endTime) p.set('endTime', q.endTime);
  if (q.keyword) p.set('keyword', q.keyword);
  return p.toString();
}

/** 访客雷达: visitor list (source, time range, keyword; newest activity first), 访问量 bar chart, lead drawer. */
export default function RadarPage() {
  const { t } = useTranslation('radar');
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [pageIndex, setPageIndex] = useState(1);
  const [source, setSource] = useState(0);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [sort, setSort] = useState<'score' | undefined>(undefined);
  const [stage, setStage] = useState<LeadStage | undefined>(undefined);
  const [due, setDue] = useState(false);
  // Sorted by score, each page starts where the page before it ended (keyset), once that page was read.
  const cursors = useRef(new Map<number, string>());
  const startTime = range?.[0]?.startOf('day').toISOString();
  const endTime = range?.[1]?.endOf('day').toISOString();
  const query = {
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
  };
  const visitors = useVisitors(query);
  const filterKey = JSON.stringify([sort, source, startTime, endTime, keyword, stage, due]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new sort or filter starts the cursors over
  useEffect(() => {
    cursors.current.clear();
  }, [filterKey]);
  useEffect(() => {
    const next = visitors.data?.nextCursor;
    if (sort && next && visitors.data?.pageIndex === pageIndex) cursors.current.set(pageIndex + 1, next);
  }, [visitors.data, sort, pageIndex]);
  const chart = useVisitorChart(startTime, endTime);

  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    next.delete('follow');
    if (id) next.set('id', String(id));
    else next.delete('id');
    setParams(next, { replace: !id });
  };

  const chartOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 80, right: 24, top: 16, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: (chart.data?.categories ?? []).map((c) => kindName(t, c)) },
      series: [{ name: t('chartTitle'), type: 'bar', barMaxWidth: 20, data: chart.data?.series[0]?.data ?? [] }],
    }),
    [chart.data, t],
  );

  return (
    <div style={{ padding: 16 }}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title={t('chartTitle')}>
          <div data-testid="visitor-chart">
            <EChart option={chartOption} height={Math.max(160, (chart.data?.categories.length ?? 0) * 36 + 48)} />
          </div>
        </Card>
        <Card
          size="small"
          title={t('title')}
          extra={
            <Space>
              <ExportButton url={`/crm/export/Visitors?${exportParams(query)}`} testId="export-visitors" />
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('newLead')}
              </Button>
            </Space>
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              style={{ width: 140 }}
              value={source}
              onChange={(v) => {
                setSource(v);
                setPageIndex(1);
              }}
              options={SOURCES.map((k) => ({ value: k, label: k ? t(`kind.${k}`) : `${t('source')}: ${t('kind.0')}` }))}
              data-testid="source-filter"
            />
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => {
                setRange(v);
                setPageIndex(1);
              }}
              disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            />
            <Input.Search
              allowClear
              placeholder={t('keyword')}
              enterButton={t('search')}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPageIndex(1);
              }}
              style={{ width: 300 }}
            />
            <Select
              style={{ width: 130 }}
              value={stage ?? ''}
              onChange={(v) => {
                setStage((v || undefined) as LeadStage | undefined);
                setPageIndex(1);
              }}
              options={[
                { value: '', label: t('stage.all') },
                ...LEAD_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) })),
              ]}
              data-testid="stage-filter"
            />
            <Checkbox
              checked={due}
              onChange={(e) => {
                setDue(e.target.checked);
                setPageIndex(1);
              }}
              data-testid="due-filter"
            >
              {t('dueToday')}
            </Checkbox>
          </Space>
          <ListTable<Visitor>
            rowKey="id"
            size="middle"
            loading={visitors.isFetching}
            dataSource={visitors.data?.data ?? []}
            onRow={(r) =>
              ({ onClick: () => open(r.id), style: { cursor: 'pointer' }, 'data-testid': 'visitor-row' }) as never
            }
            pagination={pagination({ current: pageIndex, total: visitors.data?.totalCount, onChange: setPageIndex })}
            onChange={(_p, _f, sorter) => {
              const next = !Array.isArray(sorter) && sorter.columnKey === 'score' && sorter.order ? 'score' : undefined;
              if (next !== sort) {
                setSort(next);
                setPageIndex(1);
              }
            }}
            columns={[
              {
                title: t('col.visitor'),
                render: (_v, r) => (
                  <Space>
                    <Avatar src={avatarUrl(r.headimgurl)} icon={<UserOutlined />} />
                    {r.nickname || t('anonymous')}
                  </Space>
                ),
              },
              {
                key: 'score',
                title: t('col.score'),
                sorter: true,
                sortDirections: ['descend'],
                sortOrder: sort ? 'descend' : null,
                render: (_v, r) => <ScoreBadge score={r.score} />,
              },
              {
                key: 'stage',
                title: t('col.stage'),
                render: (_v, r) => (r.stage ? t(`stage.${r.stage}`) : t('stage.new')),
              },
              { title: t('col.phone'), dataIndex: 'phone' },
              { title: t('col.company'), dataIndex: 'company' },
              {
                title: t('col.source'),
                render: (_v, r) => sourceLabel(t, r.clueSource, r.customerClueSourceString),
              },
              { title: t('col.owner'), dataIndex: 'createByName' },
              { title: t('col.lastSeen'), render: (_v, r) => formatDateTime(r.lastSeenAt) },
            ]}
          />
        </Card>
        <VisitorDrawer
          id={openId}
          onClose={() => open(null)}
          initialTab={params.get('follow') ? 'followUps' : 'dynamics'}
        />
        <EditVisitorDialog open={creating} visitor={null} onClose={() => setCreating(false)} />
      </Space>
    </div>
  );
}
