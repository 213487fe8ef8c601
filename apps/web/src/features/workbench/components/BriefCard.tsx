import type { DailyBrief } from '@huoke/contracts';
import { Alert, Button, Card, Col, Row, Skeleton, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHANGE_COLOR } from '../../../shared/ChangeText';
import { ItemList } from '../../../shared/ItemList';

interface BriefCardProps {
  brief: DailyBrief | undefined;
  error: boolean;
  onRetry: () => void;
}

/**
 * A score's change since the same time yesterday, saying so (较昨日 +12 / +12 since yesterday), the number in the
 * console's colours of change (shared/ChangeText): +n red, −n green, 0 grey. A lead first seen within the day had no
 * score yesterday, so its change is said as new (新到访 +65), not compared with a yesterday it did not have.
 */
function Change({ n, fresh }: { n: number; fresh: boolean }) {
  const { t } = useTranslation('workbench');
  const num =
    n === 0 ? (
      <Typography.Text type="secondary" />
    ) : (
      <span style={{ color: n > 0 ? CHANGE_COLOR.up : CHANGE_COLOR.down }} />
    );
  const value = n === 0 ? '±0' : n > 0 ? `+${n}` : `−${-n}`;
  return (
    <Typography.Text type="secondary" data-testid="brief-change">
      <Trans t={t} i18nKey={fresh ? 'brief.changeFresh' : 'brief.change'} values={{ value }} components={{ n: num }} />
    </Typography.Text>
  );
}

/** Yesterday's figures, the sharing streak and yesterday's most visited content. */
function BriefFigures({ b }: { b: DailyBrief }) {
  const { t } = useTranslation('workbench');
  return (
    <Row gutter={[16, 16]}>
      {/* In their units, as the brief's message says them (留资线索 3 条、咨询 2 次) and the streak beside them. */}
      <Col span={8}>
        {/* A short title on one line, its long form on hover (New leads with phone yesterday wrapped). */}
        <Statistic
          title={
            <Tooltip title={t('brief.yesterdayLeadsFull')}>
              <span data-testid="brief-yesterday-leads">{t('brief.yesterdayLeads')}</span>
            </Tooltip>
          }
          value={t('brief.yesterdayLeadsValue', { count: b.yesterday.leads })}
        />
      </Col>
      <Col span={8}>
        <Statistic
          title={t('brief.yesterdayConsults')}
          value={t('brief.yesterdayConsultsValue', { count: b.yesterday.consults })}
        />
      </Col>
      <Col span={8}>
        {b.streak ? (
          <Statistic title={t('brief.streak')} value={t('brief.streakValue', { count: b.streak })} />
        ) : (
          // No streak: an invitation to start one reads better than 「0 天」.
          <>
            <Statistic title={t('brief.streak')} value="—" />
            <Typography.Text type="secondary" data-testid="brief-streak-start">
              {t('brief.streakStart')}
            </Typography.Text>
          </>
        )}
      </Col>
      <Col span={24}>
        <Typography.Text type="secondary">{t('brief.topContent')}</Typography.Text>
        {b.topContent ? (
          <span data-user-content data-testid="brief-top-content">
            {t('brief.topContentValue', { title: b.topContent.title, count: b.topContent.views })}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('brief.noTopContent')}</Typography.Text>
        )}
      </Col>
    </Row>
  );
}

/** The daily brief at the top of the workbench: leads to follow today, yesterday's figures, top content, streak. */
export function BriefCard({ brief: b, error, onRetry }: BriefCardProps) {
  const { t } = useTranslation('workbench');
  let body: React.ReactNode;
  if (error && !b) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('brief.loadError')}
        action={
          <Button size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!b) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {/* The figures take 11 of 24 columns: three English titles of up to about 150 px each on one line at 1366 px
            (with 10, Phone leads yesterday wrapped in a column of 139 px). */}
        <Col xs={24} xl={13}>
          <Typography.Text strong>{t('brief.leads')}</Typography.Text>
          <ItemList
            size="small"
            items={b.leads}
            empty={t('brief.noLeads')}
            itemKey={(l) => l.id}
            itemTestId="brief-lead"
            render={(l) => (
              <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                <Space wrap>
                  <Link to={`/private-guest/radar?id=${l.id}`}>
                    <span data-user-content>{l.name}</span>
                  </Link>
                  {l.due &&
                    (l.overdueDays > 0 ? (
                      <Tag color="red">{t('brief.overdue', { count: l.overdueDays })}</Tag>
                    ) : (
                      <Tag color="orange">{t('brief.due')}</Tag>
                    ))}
                  {l.owner && (
                    <Typography.Text type="secondary">
                      {t('brief.owner')}
                      <span data-user-content>{l.owner}</span>
                    </Typography.Text>
                  )}
                  <Typography.Text>{t('brief.score', { score: l.score })}</Typography.Text>
                  <Change n={l.change} fresh={l.fresh} />
                </Space>
                {l.note && (
                  <Typography.Text data-testid="brief-note">
                    {t('brief.note')}
                    <span data-user-content>{l.note}</span>
                  </Typography.Text>
                )}
                {l.reason && (
                  <Typography.Text type="secondary" data-user-content>
                    {l.reason}
                  </Typography.Text>
                )}
              </Space>
            )}
          />
          {b.moreDue > 0 && (
            <Link to="/private-guest/radar?due=1" data-testid="brief-more-due">
              {t('brief.moreDue', { count: b.moreDue })}
            </Link>
          )}
        </Col>
        <Col xs={24} xl={11}>
          <BriefFigures b={b} />
        </Col>
      </Row>
    );
  }
  return (
    <Card size="small" title={t('brief.title')} data-testid="workbench-brief" style={{ marginBottom: 16 }}>
      {body}
    </Card>
  );
}
