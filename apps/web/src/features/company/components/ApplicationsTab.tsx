import type { ApplicationItem, ApplicationStatus } from '@huoke/contracts';
import { Button, message, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { failureOf } from '../../../shared/PagedTable';
import { StatusPagedTable, useStatusPaging } from '../../../shared/StatusPagedTable';
import { useSession } from '../../../shared/session';
import { useApplications, useDecideApplication } from '../queries';

const STATUS_COLOR = { pending: 'warning', approved: 'success', refused: 'default' } as const;

export function ApplicationsTab() {
  const { t } = useTranslation('company');
  const paging = useStatusPaging<ApplicationStatus>('pending');
  const { data, isFetching, ...list } = useApplications(paging.query);
  const decide = useDecideApplication();
  const company = useSession((s) => s.info?.profile.companyName);
  const act = async (id: number, approve: boolean) => {
    await decide.mutateAsync({ id, approve });
    message.success(t('success'));
  };
  return (
    <StatusPagedTable<ApplicationItem, ApplicationStatus>
      {...paging.table}
      statuses={['pending', 'approved', 'refused']}
      label={(s) => (s === 'all' ? t('applications.all') : t(`applications.states.${s}`))}
      loading={isFetching}
      page={data}
      {...failureOf(list)}
      columns={[
        { title: t('applications.name'), dataIndex: 'name' },
        { title: t('applications.account'), dataIndex: 'account' },
        { title: t('applications.phone'), dataIndex: 'phone' },
        { title: t('applications.reason'), dataIndex: 'description', render: (v: string) => v || '- -' },
        {
          title: t('applications.time'),
          dataIndex: 'createTime',
          className: 'time-col',
          render: (v: string) => formatDateTime(v),
        },
        {
          title: t('applications.status'),
          dataIndex: 'status',
          render: (s: ApplicationItem['status']) => <Tag color={STATUS_COLOR[s]}>{t(`applications.states.${s}`)}</Tag>,
        },
        {
          title: t('applications.actions'),
          key: 'actions',
          render: (_: unknown, a) =>
            a.status === 'pending' ? (
              <Space>
                <Decide a={a} approve company={company} busy={decide.isPending} run={act} />
                <Decide a={a} approve={false} company={company} busy={decide.isPending} run={act} />
              </Space>
            ) : null,
        },
      ]}
    />
  );
}

/**
 * 通过 or 拒绝, asked first naming the person and the company: approving takes a seat and makes them a member at
 * once, refusing ends their request.
 */
function Decide({
  a,
  approve,
  company,
  busy,
  run,
}: {
  a: ApplicationItem;
  approve: boolean;
  company: string | undefined;
  busy: boolean;
  run: (id: number, approve: boolean) => Promise<void>;
}) {
  const { t } = useTranslation('company');
  const act = approve ? 'approve' : 'refuse';
  return (
    <Popconfirm
      title={t('confirmTitle')}
      description={
        company
          ? t(`applications.${act}Confirm`, { name: a.name, company })
          : t(`applications.${act}ConfirmHere`, { name: a.name })
      }
      okText={t(`applications.${act}`)}
      okButtonProps={{ danger: !approve }}
      cancelText={t('cancel')}
      onConfirm={() => run(a.id, approve)}
    >
      <Button size="small" type={approve ? 'primary' : 'default'} danger={!approve} loading={approve && busy}>
        {t(`applications.${act}`)}
      </Button>
    </Popconfirm>
  );
}
