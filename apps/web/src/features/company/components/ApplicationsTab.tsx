import type { ApplicationItem, ApplicationStatus } from '@huoke/contracts';
import { Button, message, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { StatusPagedTable } from '../../../shared/StatusPagedTable';
import { usePagedFilters } from '../../../shared/usePagedFilters';
import { useApplications, useDecideApplication } from '../queries';

const STATUS_COLOR = { pending: 'warning', approved: 'success', refused: 'default' } as const;

export function ApplicationsTab() {
  const { t } = useTranslation('company');
  const { filters, setFilter, pageIndex, pageSize, pager } = usePagedFilters<{ status: ApplicationStatus | 'all' }>({
    status: 'pending',
  });
  const { status } = filters;
  const { data, isFetching } = useApplications({ pageIndex, pageSize, status: status === 'all' ? undefined : status });
  const decide = useDecideApplication();
  const act = async (id: number, approve: boolean) => {
    await decide.mutateAsync({ id, approve });
    message.success(t('success'));
  };
  return (
    <StatusPagedTable<ApplicationItem, ApplicationStatus | 'all'>
      status={status}
      onStatus={(v) => setFilter('status', v)}
      statuses={[
        { value: 'pending', label: t('applications.states.pending') },
        { value: 'approved', label: t('applications.states.approved') },
        { value: 'refused', label: t('applications.states.refused') },
        { value: 'all', label: t('applications.all') },
      ]}
      loading={isFetching}
      page={data}
      {...pager}
      columns={[
        { title: t('applications.name'), dataIndex: 'name' },
        { title: t('applications.account'), dataIndex: 'account' },
        { title: t('applications.phone'), dataIndex: 'phone' },
        { title: t('applications.reason'), dataIndex: 'description', render: (v: string) => v || '- -' },
        {
          title: t('applications.time'),
          dataIndex: 'createTime',
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
                <Button size="small" type="primary" onClick={() => act(a.id, true)} loading={decide.isPending}>
                  {t('applications.approve')}
                </Button>
                <Popconfirm
                  title={t('confirmTitle')}
                  description={t('confirm')}
                  okText={t('ok')}
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
