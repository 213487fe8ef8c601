import type { SeoTrend } from '@huoke/contracts';
import { SEO_TOP } from '@huoke/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { lineOption } from '../../../shared/chart/options';

/** The ranking trend of the drainage screen: first-page and top keywords a day, named in the reader's language. */
export function TrendChart({ trend, height = 280 }: { trend: SeoTrend; height?: number }) {
  const { t } = useTranslation('seo');
  const option = useMemo(
    () =>
      lineOption({
        categories: trend.categories,
        series: trend.series.map((s) => ({
          name: s.key === 'top' ? t('trendTop', { n: SEO_TOP }) : t('trendFirstPage'),
          data: s.data,
        })),
      }),
    [trend, t],
  );
  return <EChart option={option} height={height} />;
}
