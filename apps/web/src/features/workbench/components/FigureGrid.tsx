import type { FigureSet, WorkbenchFigure } from '@huoke/contracts';
import { WORKBENCH_FIGURES } from '@huoke/contracts';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../../shared/ChangeText';

const PERIODS = ['today', 'week', 'days30'] as const;

/** The four figures of today, this week and 30 days, each with its change against the period before. */
export function FigureGrid({ title, set, testId }: { title: string; set: FigureSet; testId: string }) {
  const { t } = useTranslation('workbench');
  return (
    <Card title={title} size="small" data-testid={testId}>
      {PERIODS.map((p) => (
        <div key={p} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{t(`periods.${p}`)}</Typography.Text>{' '}
          <Typography.Text type="secondary">{t(`versus.${p}`)}</Typography.Text>
          <Row gutter={[8, 8]}>
            {WORKBENCH_FIGURES.map((f: WorkbenchFigure) => (
              <Col key={f} xs={12} md={6} data-figure={`${p}.${f}`}>
                <Statistic
                  title={t(`figures.${f}`)}
                  value={set[p][f].value}
                  suffix={
                    <span style={{ fontSize: 12 }}>
                      <ChangeText change={set[p][f].change} />
                    </span>
                  }
                />
              </Col>
            ))}
          </Row>
        </div>
      ))}
    </Card>
  );
}
