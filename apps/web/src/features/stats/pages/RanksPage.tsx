import { Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIODS } from '../../../shared/chart/options';
import { PageTabs } from '../../../shared/PageTabs';
import { ActivityCharts } from '../components/ActivityCharts';
import { BriefingCards } from '../components/BriefingCards';
import { NewMediaSection } from '../components/NewMediaSection';
import { OverviewCards } from '../components/OverviewCards';
import { PublicLinkButton } from '../components/PublicLinkButton';
import { useBriefing, useChart, usePersonalAndCompany, useProducts } from '../queries';

/** The data view (/ranks): my and my company's figures, the weekly briefing, trends, rankings, new media. */
export default function RanksPage() {
  const { t } = useTranslation('stats');
  const [days, setDays] = useState<number>(PERIODS[1]);
  const overview = usePersonalAndCompany();
  const briefing = useBriefing();
  const trend = useChart('activity-trend', days);
  const rank = useChart('staff-rank', days);
  const products = useProducts();
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('dataView')}
        </Typography.Title>
        <PublicLinkButton />
      </Space>
      <PageTabs
        items={[
          {
            key: 'acquisition',
            label: t('briefing'),
            children: (
              <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                <OverviewCards data={overview.data} loading={overview.isLoading} />
                <BriefingCards briefing={briefing.data} loading={briefing.isLoading} />
                <ActivityCharts
                  trend={trend.data}
                  rank={rank.data}
                  products={products.data}
                  days={days}
                  onDays={setDays}
                  loading={{ trend: trend.isLoading, rank: rank.isLoading, products: products.isLoading }}
                  failed={{
                    trend: trend.isError ? trend.refetch : undefined,
                    rank: rank.isError ? rank.refetch : undefined,
                    products: products.isError ? products.refetch : undefined,
                  }}
                />
              </Space>
            ),
          },
          { key: 'media', label: t('newMedia'), children: <NewMediaSection /> },
        ]}
      />
    </div>
  );
}
