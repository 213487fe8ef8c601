import { Button, Card, message, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { ItemList } from '../../../shared/ItemList';
import { failureOf } from '../../../shared/ListFailure';
import { useCancelInvitation, useInvitations } from '../queries';

/**
 * 待接受的邀请: the company's invitations not yet accepted, each with 撤销 (asked first, as 移除 of a member is: the
 * invitee can no longer join by it); nothing when there are none, 列表加载失败 with 重试 when their call failed (it
 * showed nothing then too, as if there were none).
 */
export function PendingInvitations() {
  const { t } = useTranslation('company');
  const invitations = useInvitations();
  const cancelInvitation = useCancelInvitation();
  if (!invitations.data?.data.length && !invitations.isError) return null;
  return (
    <Card size="small" title={t('invite.pending')}>
      <ItemList
        size="small"
        items={invitations.data?.data}
        {...failureOf(invitations)}
        itemKey={(inv) => inv.id}
        render={(inv) => `${inv.phone} · ${t(`common:roles.${inv.role}`)} · ${formatDateTime(inv.createTime)}`}
        extra={(inv) => (
          <Popconfirm
            title={t('confirmTitle')}
            description={t('invite.cancelConfirm', { phone: inv.phone })}
            okText={t('ok')}
            cancelText={t('cancel')}
            onConfirm={() => cancelInvitation.mutateAsync(inv.id).then(() => message.success(t('success')))}
          >
            <Button size="small" type="link">
              {t('invite.cancel')}
            </Button>
          </Popconfirm>
        )}
      />
    </Card>
  );
}
