import { useQueryClient } from '@tanstack/react-query';
import { Button, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/confirm';
import { seoApi } from '../api';

/** 重置密钥 (administrators): a key that went where it should not is replaced, and the old one stops at once. */
export function ResetKeyButton() {
  const { t } = useTranslation('seo');
  const qc = useQueryClient();
  const reset = async () => {
    const sure = await confirmAction(t('resetKeyText'), t('resetKeyTitle'), {
      ok: t('resetKey'),
      danger: true,
    });
    if (!sure) return;
    qc.setQueryData(['seo', 'ai-key'], await seoApi.resetAiKey());
    message.success(t('resetKeyDone'));
  };
  return (
    <Button type="link" danger size="small" onClick={() => void reset().catch(() => {})}>
      {t('resetKey')}
    </Button>
  );
}
