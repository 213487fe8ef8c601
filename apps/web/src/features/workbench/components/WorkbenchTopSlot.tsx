import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { workbenchApi, workbenchKeys } from '../api';
import { BriefCard } from './BriefCard';

/** The top of the workbench: today's follow-up brief (the same as the 08:00 message-centre brief). */
export function WorkbenchTopSlot() {
  const { i18n } = useTranslation('workbench');
  const q = useQuery({
    queryKey: workbenchKeys.brief(i18n.language),
    queryFn: workbenchApi.brief,
    refetchInterval: 5 * 60_000,
  });
  return <BriefCard brief={q.data} error={q.isError} onRetry={() => void q.refetch()} />;
}
