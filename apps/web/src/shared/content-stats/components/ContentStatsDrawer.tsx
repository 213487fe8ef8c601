import { type ContentReader, type ContentStatKind, SHARE_KIND } from '@huoke/contracts';
import { exportRoutes } from '@huoke/contracts/routes/stats';
import { useQuery } from '@tanstack/react-query';
import { Card, Drawer, Empty, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../chart/EChart';
import { lineOption } from '../../chart/options';
import { failureOf } from '../../ListFailure';
import { ListTable } from '../../ListTable';
import { urlOf } from '../../routeUrl';
import { ContentSpreadButton } from '../../share/ContentSpreadButton';
import { visitorLabel } from '../../visitorLabel';
import { contentStatsApi, contentStatsKeys } from '../api';
import { wordsOf } from '../format';
import { ExportButton } from './ExportButton';

/**
 * One item's last 30 days (chart) with the button to its spread view, and the visitors who read it (the caller may
 * see), with a CSV export; in the kind's words (读者 of an article, 观众 of a video, 访客 of a mini website).
 */
export function ContentStatsDrawer({
  kind,
  item,
  onClose,
}: {
  kind: ContentStatKind;
  item: { id: number; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('content-stats');
  const words = wordsOf(kind);
  const [page, setPage] = useState(1);
  const id = item?.id ?? 0;
  const detail = useQuery({
    queryKey: contentStatsKeys.detail(kind, id),
    queryFn: () => contentStatsApi.detail(kind, id),
    enabled: id > 0,
  });
  const readers = useQuery({
    queryKey: contentStatsKeys.readers(kind, id, page),
    queryFn: () => contentStatsApi.readers(kind, id, page),
    enabled: id > 0,
  });
  const option = useMemo(() => {
    const d = detail.data;
    if (!d) return null;
    return lineOption({
      categories: d.days,
      // Where each visitor opened once, 访客 and 浏览 are the same figures, and 访客's line lay under 浏览's: 浏览 is an
      // area and 访客 a line with a dot on each day drawn above it, so both show.
      series: (['visitors', 'views', 'consults'] as const).map((k) => ({
        name: t(`series.${k}`),
        data: d[k],
        area: k === 'views',
        top: k === 'visitors',
      })),
    });
  }, [detail.data, t]);
  return (
    <Drawer
      open={id > 0}
      size={720}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={t('drawerTitle', { title: item?.title ?? '' })}
      destroyOnHidden
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="content-stats-drawer">
        <Card
          size="small"
          title={t('chart')}
          extra={item && <ContentSpreadButton kind={SHARE_KIND[kind]} contentId={item.id} title={item.title} />}
        >
          {/* 图表加载失败 with 重试, as the console's charts say it (数据加载失败 had no way to ask again). */}
          <EChart
            option={option ?? {}}
            height={240}
            loading={!option && !detail.isError}
            failed={detail.isError}
            onRetry={detail.refetch}
          />
        </Card>
        <Card
          size="small"
          title={t('readers', words)}
          extra={
            <ExportButton url={urlOf(exportRoutes.contentReaders, { query: { kind, id } })} testId="export-readers" />
          }
        >
          <ListTable<ContentReader>
            size="small"
            rowKey="visitorId"
            loading={readers.isFetching}
            dataSource={readers.data?.data ?? []}
            // 列表加载失败 with 重试 where it said 还没有人读过 after a failed call.
            {...failureOf(readers)}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noReaders', words)} /> }}
            pagination={{ current: page, total: readers.data?.totalCount ?? 0, pageSize: 10, onChange: setPage }}
            columns={[
              {
                title: t('reader.name'),
                dataIndex: 'nickname',
                render: (n: string, r: { visitorId: number }) => (
                  <span data-user-content>{visitorLabel(n, r.visitorId, t('anonymous'))}</span>
                ),
              },
              { title: t('reader.phone'), dataIndex: 'phone' },
              { title: t('reader.company'), dataIndex: 'company' },
              { title: t('reader.lastDay', words), dataIndex: 'lastDay' },
              // 观看天数 over a bare 3 read as a count of anything: 3 天, 1 day, 3 days.
              {
                title: t('reader.days', words),
                dataIndex: 'days',
                render: (n: number) => t('reader.daysValue', { count: n }),
              },
            ]}
          />
        </Card>
      </Space>
    </Drawer>
  );
}
