import type { ApplicationItem, ApplicationStatus } from '@huoke/contracts';
import { Button, message, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { StatusPagedTable, useStatusPaging } from '../../../shared/StatusPagedTable';
import { useSession } from '../../../shared/session';
import { useApplications, useDecideApplication } from '../queries';

const STATUS_COLOR = { pending: 'warning', approved: 'success', refused: 'default' } as const;

export function ApplicationsTab() {
  const { t } = useTranslation('company');
  const paging = useStatusPaging<ApplicationStatus>('pending');
  const { data, isFetching } = useApplications(paging.query);
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
                {/* Approving takes a seat and makes them a member at once: asked first, like a refusal. */}
                <Popconfirm
                  title={t('confirmTitle')}
                  description={
                    company
                      ? t('applications.approveConfirm', { name: a.name, company })
                      : t('applications.approveConfirmHere', { name: a.name })
                  }
                  okText={t('applications.approve')}
                  cancelText={t('cancel')}
                  onConfirm={() => act(a.id, true)}
                >
                  <Button size="small" type="primary" loading={decide.isPending}>
                    {t('applications.approve')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('confirmTitle')}
                  description={
                    company
                      ? t('applications.refuseConfirm', { name: a.name, company })
                      : t('applications.refuseConfirmHere', { name: a.name })
                  }
                  okText={t('applications.refuse')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('cancel')}
                  onConfirm={() => act(a.id, false)}
                >
                  <Button size="small" danger>
                    {t('applications.refuse')}
                  </Button>
                </Popconfirm>
              </Space>
            ) : null,
        },
      ]}
    />
  );
}
