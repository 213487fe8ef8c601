import { BankOutlined } from '@ant-design/icons';
import type { MyApplicationItem } from '@huoke/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MY_APPLICATIONS_KEY, useCompanyChoice } from '../../../shared/companyChoice';
import { formatDateTime } from '../../../shared/format';
import { workbenchApi } from '../api';

const ALERT_TYPE = { pending: 'info', approved: 'success', refused: 'warning' } as const;

/**
 * The applicant's own join applications: waiting (an administrator has not answered yet), accepted (enter the company
 * in 选择企业) or refused, so a sent 加入企业 is not met by silence.
 */
function MyApplications({ onEnter }: { onEnter: () => void }) {
  const { t } = useTranslation('workbench');
  const q = useQuery({ queryKey: MY_APPLICATIONS_KEY, queryFn: workbenchApi.myApplications });
  const items: MyApplicationItem[] = q.data ?? [];
  if (items.length === 0) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 520, textAlign: 'left' }}>
      {items.map((a) => (
        <Alert
          key={a.id}
          type={ALERT_TYPE[a.status]}
          showIcon
          title={t(`newcomer.application.${a.status}`, { company: a.companyName })}
          description={
            a.decideTime
              ? t('newcomer.application.sentDecided', {
                  time: formatDateTime(a.createTime),
                  decided: formatDateTime(a.decideTime),
                })
              : t('newcomer.application.sent', { time: formatDateTime(a.createTime) })
          }
          action={
            a.status === 'approved' ? (
              <Button size="small" type="primary" onClick={onEnter}>
                {t('newcomer.application.enter')}
              </Button>
            ) : undefined
          }
        />
      ))}
    </Space>
  );
}

/**
 * The workbench of someone in no company (just registered, or removed from their last one): what to do first,
 * 创建企业 or 加入企业, instead of figures that are all zero and quick actions whose pages only say the service is
 * missing. Invitations to their phone are answered in 选择企业; their own applications to join show with their answer.
 */
export function NewcomerWelcome() {
  const { t } = useTranslation('workbench');
  const ask = useCompanyChoice((s) => s.ask);
  return (
    <Card variant="borderless" data-testid="workbench-newcomer">
      <Result
        icon={<BankOutlined style={{ color: '#1677ff' }} />}
        title={t('newcomer.title')}
        subTitle={<span style={{ display: 'inline-block', maxWidth: 520 }}>{t('newcomer.text')}</span>}
        extra={
          <Space orientation="vertical" size="middle" style={{ alignItems: 'center' }}>
            <MyApplications onEnter={() => ask('switch')} />
            <Space wrap style={{ justifyContent: 'center' }}>
              <Button type="primary" onClick={() => ask('create')}>
                {t('newcomer.create')}
              </Button>
              <Button onClick={() => ask('join')}>{t('newcomer.join')}</Button>
            </Space>
            <Typography.Text type="secondary">
              {t('newcomer.invited')}
              <Button type="link" size="small" onClick={() => ask('switch')}>
                {t('newcomer.invitations')}
              </Button>
            </Typography.Text>
          </Space>
        }
      />
    </Card>
  );
}
