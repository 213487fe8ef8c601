import type { MemberItem, Role } from '@huoke/contracts';
import { Avatar, Button, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { unlabelled } from '../../../shared/ListTable';
import { RowActions } from '../../../shared/RowActions';

interface MemberActions {
  setRole: (m: MemberItem, role: Role) => void;
  resetPassword: (m: MemberItem) => void;
  remove: (m: MemberItem) => Promise<void>;
}

/** The members table's columns; a member other than the caller has the role, password and removal actions. */
export function useMemberColumns({ setRole, resetPassword, remove }: MemberActions): TableColumnsType<MemberItem> {
  const { t } = useTranslation('company');
  return [
    {
      title: t('members.avatar'),
      dataIndex: 'avatar',
      width: 72,
      render: (src: string, m) => <Avatar src={src || undefined}>{m.name.slice(0, 1)}</Avatar>,
    },
    {
      title: t('members.name'),
      dataIndex: 'name',
      render: (v: string, m) => (
        <Space>
          {v}
          {m.isMe && <Tag color="blue">{t('members.me')}</Tag>}
        </Space>
      ),
    },
    { title: t('members.phone'), dataIndex: 'phone' },
    {
      title: t('members.role'),
      dataIndex: 'role',
      render: (r: Role) => <Tag color={r === 'admin' ? 'gold' : 'default'}>{t(`common:roles.${r}`)}</Tag>,
    },
    { title: t('members.seat'), dataIndex: 'seat', width: 80 },
    { title: t('members.position'), dataIndex: 'position' },
    {
      title: t('members.joined'),
      dataIndex: 'createTime',
      className: 'time-col',
      render: (v: string) => formatDateTime(v, 'date'),
    },
    {
      title: t('members.actions'),
      key: 'actions',
      // The caller's own row has no action: as a card on a phone it shows no 操作 name beside nothing.
      onCell: (m) => (m.isMe ? unlabelled : {}),
      render: (_: unknown, m) =>
        m.isMe ? null : (
          <RowActions>
            {/* A role change gives or takes the company's administration: asked first, as removal is. */}
            <Popconfirm
              title={t('confirmTitle')}
              description={t(m.role === 'admin' ? 'members.setStaffConfirm' : 'members.setAdminConfirm', {
                name: m.name,
              })}
              okText={t('ok')}
              cancelText={t('cancel')}
              onConfirm={() => setRole(m, m.role === 'admin' ? 'staff' : 'admin')}
            >
              <Button size="small" type="link">
                {m.role === 'admin' ? t('members.setStaff') : t('members.setAdmin')}
              </Button>
            </Popconfirm>
            {m.canManageAccount && (
              <Button size="small" type="link" onClick={() => resetPassword(m)}>
                {t('members.resetPassword')}
              </Button>
            )}
            <Popconfirm
              title={t('confirmTitle')}
              description={t('members.removeConfirm', { name: m.name })}
              okText={t('ok')}
              cancelText={t('cancel')}
              onConfirm={() => remove(m)}
            >
              <Button size="small" type="link" danger>
                {t('members.remove')}
              </Button>
            </Popconfirm>
          </RowActions>
        ),
    },
  ];
}
