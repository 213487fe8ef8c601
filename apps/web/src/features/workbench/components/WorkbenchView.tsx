import type { WorkbenchOverview } from '@huoke/contracts';
import { Alert, Button, Col, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { isBlank } from '../format';
import { FigureGrid } from './FigureGrid';
import { AccountCard, QuickActions, RecentVisitors, StaffRank, TopContent } from './Panels';

interface WorkbenchViewProps {
  name: string;
  companyName: string;
  overview: WorkbenchOverview | undefined;
  error: boolean;
  onRetry: () => void;
  /** The trend chart (a query of its own). */
  trend: ReactNode;
  /** The top slot: the daily brief (WorkbenchTopSlot, a query of its own). */
  top?: ReactNode;
}

/** 您好，<name>: the workbench's first line. */
export function Greeting({ name }: { name: string }) {
  const { t } = useTranslation('workbench');
  return (
    <h2 style={{ marginTop: 0 }}>
      <Trans t={t} i18nKey="greeting" values={{ name }} components={{ name: <span data-user-content /> }} />
    </h2>
  );
}

/** The workbench's layout in each state: loading, error, first steps, figures (and the company's for admins). */
export function WorkbenchView({ name, companyName, overview: o, error, onRetry, trend, top }: WorkbenchViewProps) {
  const { t } = useTranslation('workbench');
  return (
    <div data-testid="workbench">
      <Greeting name={name} />
      {top}
      {error && !o ? (
        <Alert
          type="error"
          showIcon
          title={t('loadError')}
          action={
            <Button size="small" onClick={onRetry}>
              {t('retry')}
            </Button>
          }
        />
      ) : !o ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Row gutter={[16, 16]}>
          {isBlank(o) && (
            <Col span={24}>
              <Alert type="info" showIcon title={t('firstSteps')} data-testid="workbench-first-steps" />
            </Col>
          )}
          <Col xs={24} xl={16}>
            <Row gutter={[16, 16]}>
              <Col span={24}>
                <FigureGrid title={t('mine')} set={o.me} testId="workbench-mine" />
              </Col>
              {o.company && (
                <Col span={24}>
                  <FigureGrid title={t('companyFigures')} set={o.company} testId="workbench-company" />
                </Col>
              )}
              <Col span={24}>{trend}</Col>
              {o.staffRank && (
                <Col span={24}>
                  <StaffRank rows={o.staffRank} />
                </Col>
              )}
            </Row>
          </Col>
          <Col xs={24} xl={8}>
            <Row gutter={[16, 16]}>
              <Col span={24}>
                <QuickActions />
              </Col>
              <Col span={24}>
                <AccountCard o={o} companyName={companyName} />
              </Col>
              <Col span={24}>
                <RecentVisitors items={o.recentVisitors} />
              </Col>
              <Col span={24}>
                <TopContent items={o.topContent} />
              </Col>
            </Row>
          </Col>
        </Row>
      )}
    </div>
  );
}
