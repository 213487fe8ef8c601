import { LEAD_STAGES, type LeadStage, PERMISSION } from '@huoke/contracts';
import { Checkbox, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../shared/DateRangePicker';
import { afterChinaToday } from '../../../shared/format';
import { usePermission } from '../../../shared/Permission';
import { useMembers } from '../queries';

const SOURCES = [0, 2, 3, 4, 7, 8, 5] as const;

export interface VisitorFilterValues {
  source: number;
  range: [Dayjs | null, Dayjs | null] | null;
  keyword: string;
  stage: LeadStage | undefined;
  due: boolean;
  /** 员工: one member's visitors (for whoever sees all of them). */
  sharer: number | undefined;
}
export const NO_FILTERS: VisitorFilterValues = {
  source: 0,
  range: null,
  keyword: '',
  stage: undefined,
  due: false,
  sharer: undefined,
};

/** The visitor list's filters: source, time range, keyword, stage, 今日待跟进 and, for whoever sees all visitors, 员工. */
export function VisitorFilters({
  value,
  onChange,
}: {
  value: VisitorFilterValues;
  onChange: (patch: Partial<VisitorFilterValues>) => void;
}) {
  const { t } = useTranslation('radar');
  const seesAll = usePermission([PERMISSION.radarAll]);
  const members = useMembers(seesAll);
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select
        aria-label={t('col.source')}
        style={{ width: 140 }}
        value={value.source}
        onChange={(v) => onChange({ source: v })}
        options={SOURCES.map((k) => ({
          value: k,
          label: k ? t(`kind.${k}`) : t('common:labelled', { label: t('source'), value: t('kind.0') }),
        }))}
        data-testid="source-filter"
      />
      <DateRangePicker
        value={value.range}
        onChange={(v) => onChange({ range: v })}
        disabledDate={(d) => afterChinaToday(d)}
      />
      <Input.Search
        allowClear
        placeholder={t('keyword')}
        enterButton={t('search')}
        onSearch={(v) => onChange({ keyword: v.trim() })}
        style={{ width: 300 }}
      />
      <Select
        aria-label={t('col.stage')}
        style={{ width: 130 }}
        value={value.stage ?? ''}
        onChange={(v) => onChange({ stage: (v || undefined) as LeadStage | undefined })}
        options={[
          { value: '', label: t('stage.all') },
          ...LEAD_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) })),
        ]}
        data-testid="stage-filter"
      />
      {seesAll && (
        <Select
          aria-label={t('sharer')}
          style={{ width: 140 }}
          showSearch
          optionFilterProp="label"
          loading={members.isLoading}
          value={value.sharer ?? 0}
          onChange={(v) => onChange({ sharer: v || undefined })}
          options={[
            { value: 0, label: t('allSharers') },
            ...(members.data ?? []).map((m) => ({ value: m.userId, label: m.label })),
          ]}
          data-testid="sharer-filter"
        />
      )}
      <Checkbox checked={value.due} onChange={(e) => onChange({ due: e.target.checked })} data-testid="due-filter">
        {t('dueToday')}
      </Checkbox>
    </Space>
  );
}
