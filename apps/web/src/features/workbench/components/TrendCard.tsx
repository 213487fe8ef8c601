import type { WorkbenchTrend } from '@huoke/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Segmented, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { lineOption } from '../../../shared/chart/options';
import { workbenchApi, workbenchKeys } from '../api';

function trendChart(trend: WorkbenchTrend, names: Record<'shares' | 'visitors' | 'leads' | 'consults', string>) {
  return {
    categories: trend.days,
    series: (['visitors', 'leads', 'consults', 'shares'] as const).map((k) => ({ name: names[k], data: trend[k] })),
  };
}

/** Daily shares, visitors, leads and consults of 7 or 30 days; administrators may switch to the company's. */
export function TrendCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('workbench');
  const [days, setDays] = useState<7 | 30>(7);
  const [scope, setScope] = useState<'mine' | 'company'>('mine');
  const q = useQuery({ queryKey: workbenchKeys.trend(days, scope), queryFn: () => workbenchApi.trend(days, scope) });
  const option = useMemo(
    () =>
      q.data
        ? lineOption(
            trendChart(q.data, {
              shares: t('figures.shares'),
              visitors: t('figures.visitors'),
              leads: t('figures.leads'),
              consults: t('figures.consults'),
            }),
          )
        : null,
    [q.data, t],
  );
  return (
    <Card
      size="small"
      title={t('trend')}
      data-testid="workbench-trend"
      extra={
        <Space>
          {isAdmin && (
            <Segmented
              aria-label={t('trendScope.label')}
              size="small"
              value={scope}
              onChange={(v) => setScope(v as 'mine' | 'company')}
              options={[
                { value: 'mine', label: t('trendScope.mine') },
                { value: 'company', label: t('trendScope.company') },
              ]}
            />
          )}
          <Segmented
            aria-label={t('common:choice.period')}
            size="small"
            value={days}
            onChange={(v) => setDays(v as 7 | 30)}
            options={[7, 30].map((n) => ({ value: n, label: t('daysOption', { count: n }) }))}
          />
        </Space>
      }
    >
      <EChart
        option={option ?? {}}
        height={260}
        loading={q.isPending}
        failed={q.isError && !q.data}
        onRetry={q.refetch}
      />
    </Card>
  );
}
