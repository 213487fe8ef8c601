import { CONSUME_KINDS, type ConsumeItem, type ConsumeKind } from '@huoke/contracts';
import { Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../shared/DateRangePicker';
import { afterChinaToday, formatDateTime, formatMoney } from '../../../shared/format';
import { failureOf, PagedTable } from '../../../shared/PagedTable';
import { usePagedFilters } from '../../../shared/usePagedFilters';
import { useConsume, useMyConsume } from '../queries';

/** The company's consumption (administrators) or, with `mine`, only the caller's own rows (staff). */
export function ConsumeTab({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation('cost');
  const { filters, setFilter, pageIndex, pageSize, pager } = usePagedFilters<{
    kind?: ConsumeKind;
    range: [Dayjs | null, Dayjs | null] | null;
  }>({ range: null }, { pageInUrl: true });
  const { kind, range } = filters;
  const q = {
    pageIndex,
    pageSize,
    kind,
    startTime: range?.[0]?.format('YYYY-MM-DD'),
    endTime: range?.[1]?.format('YYYY-MM-DD'),
  };
  const company = useConsume(q, !mine);
  const own = useMyConsume(q, mine);
  const { data, isFetching, ...list } = mine ? own : company;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          placeholder={t('consume.allKinds')}
          aria-label={t('consume.kind')}
          style={{ width: 180 }}
          value={kind}
          onChange={(v) => setFilter('kind', v)}
          options={CONSUME_KINDS.map((k) => ({ value: k, label: t(`consume.kinds.${k}`) }))}
        />
        <DateRangePicker
          aria-label={t('consume.range')}
          value={range}
          onChange={(v) => setFilter('range', v)}
          disabledDate={(d) => afterChinaToday(d)}
        />
      </Space>
      <PagedTable<ConsumeItem>
        loading={isFetching}
        page={data}
        {...failureOf(list)}
        {...pager}
        columns={[
          {
            title: t('consume.time'),
            dataIndex: 'createTime',
            className: 'time-col',
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t('consume.kind'),
            dataIndex: 'kind',
            render: (k: string, r) => t(`consume.kinds.${k}`, { defaultValue: r.kindName }),
          },
          { title: t('consume.note'), dataIndex: 'note' },
          { title: t('consume.user'), dataIndex: 'userName' },
          { title: t('consume.quantity'), dataIndex: 'quantity' },
          {
            title: t('consume.amount'),
            dataIndex: 'amount',
            render: (v: number) => (
              <Typography.Text type={v < 0 ? 'danger' : undefined}>{formatMoney(v)}</Typography.Text>
            ),
          },
        ]}
      />
    </Space>
  );
}
