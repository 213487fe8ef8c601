import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chainsApi } from '../api';

/**
 * "来源：李员工 分享的《白皮书》", "来源：王五 转发（第 2 层）·《白皮书》": how the lead reached us and through which
 * content, its title quoted as the rest of the radar quotes titles (nothing while loading or when unknown). A direct
 * visit reads as one phrase with its title (the sharer's share *of* the content), a forward keeps the form.
 */
export function LeadSourceLine({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const { data } = useQuery({ queryKey: ['radar', 'source', id], queryFn: () => chainsApi.source(id) });
  if (!data || data.via === 'none') return null;
  const title = data.title || undefined;
  let text: string;
  if (data.via === 'forward')
    text =
      t('chains.forwardedBy', { name: data.forwarderName || t('anonymous'), depth: data.depth }) +
      (title ? t('chains.titled', { title }) : '');
  else if (data.sharerName)
    text = title
      ? t('chains.directTitled', { sharer: data.sharerName, title })
      : t('chains.direct', { sharer: data.sharerName });
  else text = title ? t('chains.directNoSharerTitled', { title }) : t('chains.directNoSharer');
  return (
    <Typography.Text type="secondary" data-testid="lead-source">
      {t('chains.source')}
      {text}
    </Typography.Text>
  );
}
