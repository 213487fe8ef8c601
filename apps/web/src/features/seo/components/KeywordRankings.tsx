import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANGE_COLOR } from '../../../shared/ChangeText';
import { failureOf } from '../../../shared/ListFailure';
import { ListTable } from '../../../shared/ListTable';
import { useKeywordsByEngine, useSeoTrend, useTopKeywords } from '../queries';
import { TrendChart } from './TrendChart';

const TREND_DAYS = 30;

/** Keyword rankings on the search engines: per engine, the best ranks, and the trend. */
export function KeywordRankings() {
  const { t } = useTranslation('seo');
  const byEngine = useKeywordsByEngine();
  const top = useTopKeywords();
  const trend = useSeoTrend(TREND_DAYS);
  return (
    <Row gutter={[16, 16]}>
      {(byEngine.data?.data ?? []).map((e) => (
        // Four in a row from 1200 px, two below: beside the sidebar at 768 px a quarter of the row broke the English
        // "First page" over two lines, its figure standing lower than "Ranked"'s beside it.
        <Col xs={12} xl={6} key={e.engine}>
          <Card size="small" title={t(`engines.${e.engine}`, { defaultValue: e.engineName })}>
            <Row>
              <Col span={12}>
                <Statistic title={t('firstPage')} value={e.firstPage} />
              </Col>
              <Col span={12}>
                <Statistic title={t('ranked')} value={e.total} />
              </Col>
            </Row>
          </Card>
        </Col>
      ))}
      <Col xs={24} lg={12}>
        <Card title={t('topKeywords')} extra={top.data?.day}>
          <ListTable
            size="small"
            pagination={false}
            loading={top.isLoading}
            {...failureOf(top)}
            rowKey={(r) => `${r.engine}-${r.keyword}`}
            dataSource={top.data?.data}
            columns={[
              { title: t('keyword'), dataIndex: 'keyword' },
              {
                title: t('engine'),
                dataIndex: 'engine',
                render: (e: string, r) => t(`engines.${e}`, { defaultValue: r.engineName }),
              },
              { title: t('rank'), dataIndex: 'rank' },
              {
                title: t('change'),
                dataIndex: 'change',
                render: (c: number | null) =>
                  !c ? (
                    '-'
                  ) : (
                    <span style={{ color: c > 0 ? CHANGE_COLOR.up : CHANGE_COLOR.down }}>
                      {c > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(c)}
                    </span>
                  ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('trend')}>{trend.data && <TrendChart trend={trend.data} />}</Card>
      </Col>
    </Row>
  );
}
