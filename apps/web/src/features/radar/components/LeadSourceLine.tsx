import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chainsApi } from '../api';

/**
 * "来源：王五 转发（第 2 层）·《白皮书》": how the lead reached us and through which content, its title quoted as the
 * rest of the radar quotes titles (nothing while loading or when unknown).
 */
export function LeadSourceLine({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const { data } = useQuery({ queryKey: ['radar', 'source', id], queryFn: () => chainsApi.source(id) });
  if (!data || data.via === 'none') return null;
  const text =
    data.via === 'forward'
      ? t('chains.forwardedBy', { name: data.forwarderName || t('anonymous'), depth: data.depth })
      : data.sharerName
        ? t('chains.direct', { sharer: data.sharerName })
        : t('chains.directNoSharer');
  return (
    <Typography.Text type="secondary" data-testid="lead-source">
      {t('chains.source')}
      {text}
      {data.title ? t('chains.titled', { title: data.title }) : ''}
    </Typography.Text>
  );
}
