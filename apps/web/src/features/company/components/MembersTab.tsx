import type { MemberItem, Role } from '@huoke/contracts';
import { Button, Input, message, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf, PagedTable } from '../../../shared/PagedTable';
import { usePagedFilters } from '../../../shared/usePagedFilters';
import { useChangeRole, useMembers, useRemoveMember } from '../queries';
import { InviteDialog } from './InviteDialog';
import { useMemberColumns } from './MemberColumns';
import { PendingInvitations } from './PendingInvitations';
import { ResetPasswordDialog } from './ResetPasswordDialog';

/** 成员管理: the members (searched by name or phone), the pending invitations, and the invite and reset dialogs. */
export function MembersTab() {
  const { t } = useTranslation('company');
  const { filters, setFilter, pageIndex, pageSize, pager } = usePagedFilters({ name: '' });
  const { name } = filters;
  const [inviting, setInviting] = useState(false);
  const [resetting, setResetting] = useState<MemberItem | null>(null);
  const { data, isFetching, ...list } = useMembers({ pageIndex, pageSize, name: name || undefined });
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const columns = useMemberColumns({
    setRole: async (m: MemberItem, role: Role) => {
      await changeRole.mutateAsync({ id: m.id, role });
      message.success(t('success'));
    },
    resetPassword: setResetting,
    remove: async (m) => {
      await remove.mutateAsync(m.id);
      message.success(t('success'));
    },
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('members.search')}
          style={{ width: 260 }}
          onSearch={(v) => setFilter('name', v.trim())}
        />
        <Button type="primary" onClick={() => setInviting(true)}>
          {t('members.invite')}
        </Button>
      </Space>
      <PagedTable<MemberItem>
        // Narrower (a tablet beside the sidebar), the table scrolls with its actions in reach.
        scroll={{ x: 900 }}
        loading={isFetching}
        page={data}
        {...failureOf(list)}
        {...pager}
        columns={columns}
      />
      <PendingInvitations />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} />
    </Space>
  );
}
