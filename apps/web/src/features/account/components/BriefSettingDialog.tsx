import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Modal, message, Skeleton, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { briefSettingApi } from '../api';

const KEY = ['account', 'briefSetting'] as const;

/** 每日跟进简报: the on/off switch of the 08:00 message-centre brief (the workbench shows it either way). */
export function BriefSettingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: briefSettingApi.get, enabled: open });
  const save = useMutation({
    mutationFn: briefSettingApi.save,
    onSuccess: (v) => {
      qc.setQueryData(KEY, v);
      message.success(v.enabled ? t('brief.on') : t('brief.off'));
    },
  });
  return (
    <Modal open={open} title={t('brief.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {q.isError ? (
        <Alert type="error" showIcon title={t('brief.loadError')} />
      ) : !q.data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Space orientation="vertical">
          <Space>
            <Switch
              checked={q.data.enabled}
              loading={save.isPending}
              onChange={(v) => save.mutate(v)}
              data-testid="brief-setting-switch"
              aria-label={t('brief.label')}
            />
            <span>{t('brief.label')}</span>
          </Space>
          <Typography.Text type="secondary">{t('brief.hint')}</Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
