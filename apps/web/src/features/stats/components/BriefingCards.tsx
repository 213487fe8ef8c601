import type { SalesBriefing } from '@huoke/contracts';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../../shared/ChangeText';

/** This week against the same days of last week, one card per figure. */
export function BriefingCards({ briefing, loading }: { briefing?: SalesBriefing; loading?: boolean }) {
  const { t } = useTranslation('stats');
  return (
    <Row gutter={[16, 16]}>
      {(briefing?.items ?? [{ key: 'visits' }, { key: 'leads' }, { key: 'shares' }]).map((item) => {
        const full = 'thisWeek' in item ? item : undefined;
        const change = full?.change ?? null;
        return (
          <Col xs={24} sm={8} key={item.key}>
            <Card loading={loading} data-testid={`briefing-${item.key}`}>
              <Statistic title={`${t(item.key)} · ${t('thisWeek')}`} value={full?.thisWeek ?? 0} />
              <Typography.Text type="secondary">
                {t('lastWeek')} {full?.lastWeek ?? 0} · <ChangeText change={change} />
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
