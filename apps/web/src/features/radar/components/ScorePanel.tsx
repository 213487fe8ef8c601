import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { SMOOTH } from '../../../shared/chart/options';
import { ItemList } from '../../../shared/ItemList';
import { useLeadScore } from '../queries';
import { ScoreBadge } from './ScoreBadge';

/** The lead's score now, its top reasons in words and its 30-day history. */
export function ScorePanel({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const q = useLeadScore(id);
  const option = useMemo(() => {
    const history = scoredHistory(q.data?.history ?? []);
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 32, right: 12, top: 12, bottom: 24 },
      xAxis: { type: 'category', data: history.map((h) => h.day.slice(5)) },
      yAxis: { type: 'value', min: 0, max: 100 },
      series: [
        {
          name: t('score.title'),
          type: 'line',
          ...SMOOTH,
          areaStyle: { opacity: 0.15 },
          data: history.map((h) => h.score),
        },
      ],
    };
  }, [q.data, t]);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (q.isError) return <Alert type="error" showIcon title={t('score.error')} />;
  const d = q.data;
  const shares = sharesOf(d.reasons.map((r) => r.points));
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="score-panel">
      <Space align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('score.title')}</Typography.Text>
        <ScoreBadge score={d.score} />
      </Space>
      <ItemList
        size="small"
        items={d.reasons}
        empty={t('score.noReasons')}
        testId="score-reasons"
        itemKey={(_r, i) => i}
        render={(r) => r.text}
        extra={(_r, i) => (
          <span style={{ whiteSpace: 'nowrap' }} title={t('score.shareHint')}>
            {t('score.share', { pct: shares[i] })}
          </span>
        )}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('score.history')}
      </Typography.Text>
      <EChart option={option} height={140} testId="score-history" />
    </Card>
  );
}

/**
 * The history from a week before the lead's first scored day: a lead met today drew a month of zeros, which read as a
 * month of a cold lead rather than a new one. A lead scored all month keeps its 30 days.
 */
export function scoredHistory<H extends { score: number }>(history: H[], leadDays = 6): H[] {
  const first = history.findIndex((h) => h.score > 0);
  if (first < 0) return history.slice(-(leadDays + 1));
  return history.slice(Math.max(0, first - leadDays));
}

/**
 * Each reason's part of the listed reasons, in whole percent that add up to 100 (largest remainder: each share
 * rounded down, then the points left go to the shares that lost the most; rounding each alone showed 66 + 12 + 9 + 7
 * + 7 = 101 %). Its points are decayed raw points (a lead of score 100 may have a reason of 183.3), which read as an
 * error beside a 0–100 score.
 */
function sharesOf(points: number[]): number[] {
  const kept = points.map((p) => Math.max(0, p));
  const sum = kept.reduce((a, p) => a + p, 0);
  if (sum <= 0) return kept.map(() => 0);
  const exact = kept.map((p) => (100 * p) / sum);
  const shares = exact.map(Math.floor);
  let left = 100 - shares.reduce((a, s) => a + s, 0);
  const byRemainder = exact.map((_, i) => i).sort((a, b) => exact[b] - shares[b] - (exact[a] - shares[a]) || a - b);
  for (const i of byRemainder) {
    if (left <= 0) break;
    shares[i]++;
    left--;
  }
  return shares;
}
