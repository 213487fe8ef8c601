import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { scoreStep } from '../scoreColor';

/** The lead score as a 0–100 badge coloured by heat. */
export function ScoreBadge({ score }: { score: number | undefined }) {
  const { t } = useTranslation('radar');
  const s = Math.round(score ?? 0);
  const step = scoreStep(s);
  return (
    <Tag
      color={step.color}
      style={{ minWidth: 40, textAlign: 'center', fontWeight: 600 }}
      title={t(`score.level.${step.level}`)}
      data-testid="score-badge"
    >
      {s}
    </Tag>
  );
}
