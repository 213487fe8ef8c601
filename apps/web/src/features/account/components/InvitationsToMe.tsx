import type { MyInvitationItem } from '@huoke/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, message, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/confirm';
import { ListFailure } from '../../../shared/ListFailure';
import { SmsLoginOffer } from '../../../shared/SmsLoginOffer';
import { invitationsApi } from '../api';

const KEY = ['invitations', 'mine'];

/**
 * 邀请您加入的企业: the invitations to the caller's phone, each with 接受 / 拒绝. Nobody becomes a member of a
 * company without accepting here (or registering with the invited phone). Shows nothing when there are none, and
 * 列表加载失败 with 重试 when their call failed (it showed nothing then too, as if there were none).
 */
export function InvitationsToMe({ open }: { open: boolean }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useQuery({ queryKey: KEY, queryFn: invitationsApi.mine, enabled: open });
  const answered = () => {
    void queryClient.invalidateQueries({ queryKey: KEY });
    void queryClient.invalidateQueries({ queryKey: ['companies'] });
  };
  const accept = useMutation({
    mutationFn: (i: MyInvitationItem) => invitationsApi.accept(i.id),
    onSuccess: (_r, i) => {
      message.success(t('invitations.accepted', { company: i.companyName }));
      answered();
    },
  });
  const decline = useMutation({
    mutationFn: (i: MyInvitationItem) => invitationsApi.decline(i.id),
    onSuccess: () => {
      message.success(t('invitations.declined'));
      answered();
    },
  });
  if (!data?.length && !isError) return null;
  const busy = accept.isPending || decline.isPending;
  return (
    <section aria-label={t('invitations.title')} style={{ marginBottom: 16 }}>
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('invitations.title')}</div>
      {!data?.length && <ListFailure onRetry={refetch} />}
      <SmsLoginOffer error={accept.error} />
      <Space orientation="vertical" style={{ width: '100%' }}>
        {data?.map((i) => (
          <Alert
            key={i.id}
            type="info"
            title={t('invitations.line', {
              inviter: i.inviterName,
              company: i.companyName,
              role: t(`common:roles.${i.role}`),
            })}
            action={
              <Space>
                <Button size="small" type="primary" disabled={busy} onClick={() => accept.mutate(i)}>
                  {t('invitations.accept')}
                </Button>
                <Button
                  size="small"
                  disabled={busy}
                  onClick={async () => {
                    if (await confirmAction(t('invitations.declineConfirm', { company: i.companyName })))
                      decline.mutate(i);
                  }}
                >
                  {t('invitations.decline')}
                </Button>
              </Space>
            }
          />
        ))}
      </Space>
    </section>
  );
}
