import { AUDIT_ACTIONS, type AuditItem, PAGE_SIZE } from '@huoke/contracts';
import { Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditActors, useAuditLog } from '../queries';

const ROLE_COLOR = { admin: 'blue', staff: 'default', operator: 'purple' } as const;

/** 操作日志: administrators' and operators' actions on this company, newest first, 10 a page. */
export function AuditTab() {
  const { t } = useTranslation('company');
  const [actorId, setActorId] = useState<number | undefined>();
  const [action, setAction] = useState<string | undefined>();
  const [pageIndex, setPageIndex] = useState(1);
  const pageSize = PAGE_SIZE.list;
  const { data, isFetching } = useAuditLog({ pageIndex, pageSize, actorId, action });
  const actors = useAuditActors();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('audit.allPeople')}
          aria-label={t('audit.actor')}
          style={{ width: 200 }}
          value={actorId}
          onChange={(v) => {
            setActorId(v);
            setPageIndex(1);
          }}
          options={(actors.data?.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
        <Select
          allowClear
          placeholder={t('audit.allActions')}
          aria-label={t('audit.action')}
          style={{ width: 200 }}
          value={action}
          onChange={(v) => {
            setAction(v);
            setPageIndex(1);
          }}
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
        />
      </Space>
      <Table<AuditItem>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.data ?? []}
        pagination={{
          current: pageIndex,
          pageSize,
          total: data?.totalCount ?? 0,
          showQuickJumper: true,
          showSizeChanger: false,
          showTotal: (n) => t('total', { n }),
          onChange: setPageIndex,
          style: data?.totalCount ? undefined : { display: 'none' },
        }}
        columns={[
          {
            title: t('audit.time'),
            dataIndex: 'createTime',
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: t('audit.actor'),
            dataIndex: 'actorName',
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                <Tag color={ROLE_COLOR[r.actorRole]}>{t(`audit.roles.${r.actorRole}`)}</Tag>
              </Space>
            ),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (a: string, r) => t(`audit.actions.${a}`, { defaultValue: r.actionName }),
          },
          { title: t('audit.target'), dataIndex: 'targetName', render: (v: string) => v || '- -' },
          {
            title: t('audit.changes'),
            dataIndex: 'changes',
            render: (c: Record<string, unknown>) =>
              Object.keys(c).length ? (
                <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {JSON.stringify(c)}
                </Typography.Text>
              ) : (
                '- -'
              ),
          },
          { title: t('audit.ip'), dataIndex: 'ip', render: (v: string) => v || '- -' },
        ]}
      />
    </Space>
  );
}
