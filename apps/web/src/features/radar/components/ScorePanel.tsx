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
        extra={(r) => (
          <span style={{ whiteSpace: 'nowrap' }} title={t('score.shareHint')}>
            {t('score.share', { pct: shareOf(r.points, d.reasons) })}
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
 * A reason's part of the listed reasons, in whole percent: its points are decayed raw points (a lead of score 100
 * may have a reason of 183.3), which read as an error beside a 0–100 score.
 */
function shareOf(points: number, reasons: { points: number }[]): number {
  const sum = reasons.reduce((a, r) => a + Math.max(0, r.points), 0);
  return sum > 0 ? Math.round((100 * Math.max(0, points)) / sum) : 0;
}
