import { Button, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { useCancelInvitation, useInvitations } from '../queries';

/** 待注册的邀请: invitations of phone numbers not registered yet, each with 撤销; nothing when there are none. */
export function PendingInvitations() {
  const { t } = useTranslation('company');
  const invitations = useInvitations();
  const cancelInvitation = useCancelInvitation();
  if (!invitations.data?.data.length) return null;
  return (
    <List
      size="small"
      header={t('invite.pending')}
      bordered
      dataSource={invitations.data.data}
      renderItem={(inv) => (
        <List.Item
          actions={[
            <Button key="cancel" size="small" type="link" onClick={() => cancelInvitation.mutate(inv.id)}>
              {t('invite.cancel')}
            </Button>,
          ]}
        >
          {inv.phone} · {t(`roles.${inv.role}`)} · {formatDateTime(inv.createTime)}
        </List.Item>
      )}
    />
  );
}
