import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { barHeight, barOption } from '../../../shared/chart/options';
import { kindName } from '../../../shared/kindName';
import { useVisitorChart } from '../queries';

/** 访问量: visits by kind of content in the list's time range, one bar each; a hint instead of a bare axis. */
export function VisitorChart({ startTime, endTime }: { startTime?: string; endTime?: string }) {
  const { t } = useTranslation('radar');
  const chart = useVisitorChart(startTime, endTime);
  const values = chart.data?.series[0]?.data ?? [];
  // The console's horizontal bars: each kind named beside its bar, the first on top.
  const option = useMemo(
    () =>
      barOption(
        {
          categories: (chart.data?.categories ?? []).map((c) => kindName(t, c)),
          series: [{ name: t('chartTitle'), data: chart.data?.series[0]?.data ?? [] }],
        },
        { legend: false },
      ),
    [chart.data, t],
  );
  return (
    <Card size="small" title={t('chartTitle')}>
      <div data-testid="visitor-chart">
        <EChart
          option={option}
          height={barHeight(chart.data?.categories.length ?? 0)}
          loading={chart.isPending}
          empty={!chart.isPending && !values.some((v) => v > 0)}
          emptyText={t('chartEmpty')}
          failed={chart.isError && !chart.data}
          onRetry={chart.refetch}
        />
      </div>
    </Card>
  );
}
