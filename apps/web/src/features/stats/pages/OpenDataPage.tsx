import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActivityCharts } from '../components/ActivityCharts';
import { BriefingCards } from '../components/BriefingCards';
import { OpenState } from '../components/OpenState';
import { usePublicCode } from '../components/usePublicCode';
import { usePublicRanks } from '../queries';
import { rankByPlace } from '../rankPlaces';

/** /ranks/open-views, titled 'look at data': a company's totals without a session, by its public code. */
export default function OpenDataPage() {
  const { t } = useTranslation('stats');
  const code = usePublicCode();
  const q = usePublicRanks(code);
  if (!q.data) return <OpenState code={code} error={q.error} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', padding: 24, maxWidth: 1200, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('lookAtData')} · {q.data.companyName}
      </Typography.Title>
      <BriefingCards briefing={q.data.briefing} />
      <ActivityCharts trend={q.data.trend} rank={rankByPlace(t, q.data.staffRank)} products={q.data.products} />
    </Space>
  );
}
