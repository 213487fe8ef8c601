import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

/**
 * A change ratio against the period before (0.125 = 12.5 % more) as a direction and an unsigned percentage:
 * `none` when there is nothing to compare with (the period before was 0), `flat` when it rounds to 0.
 */
export function changeParts(change: number | null): { dir: ChangeDirection; pct: string } {
  if (change === null || !Number.isFinite(change)) return { dir: 'none', pct: '' };
  const pct = Math.abs(Math.round(change * 1000) / 10);
  if (pct === 0) return { dir: 'flat', pct: '0%' };
  return { dir: change > 0 ? 'up' : 'down', pct: `${pct}%` };
}

/** Up red and down green, as Chinese dashboards (and Ant Design Pro's trend) show them. */
export const CHANGE_COLOR = { up: '#cf1322', down: '#3f8600' } as const;

/**
 * The console's one way to show a figure's change: ↑ 12.5% (red), ↓ 3% (green), 持平, or — with a tooltip when the
 * period before had nothing to compare with (an increase from 0 is not 持平).
 */
export function ChangeText({ change }: { change: number | null }) {
  const { t } = useTranslation('common');
  const { dir, pct } = changeParts(change);
  if (dir === 'none')
    return (
      <Typography.Text type="secondary" data-change="none" title={t('change.noneTitle')}>
        {t('change.none')}
      </Typography.Text>
    );
  if (dir === 'flat')
    return (
      <Typography.Text type="secondary" data-change="flat">
        {t('change.flat')}
      </Typography.Text>
    );
  return (
    <span data-change={dir} style={{ color: CHANGE_COLOR[dir] }} role="img" aria-label={t(`change.${dir}`, { pct })}>
      {dir === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {pct}
    </span>
  );
}
