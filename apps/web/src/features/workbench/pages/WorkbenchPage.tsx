import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { inNoCompany, useSession } from '../../../shared/session';
import { workbenchApi, workbenchKeys } from '../api';
import { NewcomerWelcome } from '../components/NewcomerWelcome';
import { TrendCard } from '../components/TrendCard';
import { WorkbenchTopSlot } from '../components/WorkbenchTopSlot';
import { Greeting, WorkbenchView } from '../components/WorkbenchView';

/**
 * The workbench: the caller's figures against the previous periods, the trend, top content, recent visitors
 * (refreshed by the live stream's visitor notices, and every minute), package and quota, quick actions;
 * administrators also see the company's figures and the staff ranking.
 */
export default function WorkbenchPage() {
  const { t } = useTranslation('workbench');
  const info = useSession((s) => s.info);
  // In no company: nothing to count yet, and nothing to ask the server for.
  const newcomer = inNoCompany(info);
  const q = useQuery({
    queryKey: workbenchKeys.overview,
    queryFn: workbenchApi.overview,
    refetchInterval: 60_000,
    enabled: !newcomer,
  });
  if (newcomer)
    return (
      <div data-testid="workbench">
        <Greeting name={info?.profile.name ?? ''} />
        <NewcomerWelcome />
      </div>
    );
  return (
    <WorkbenchView
      name={info?.profile?.name ?? ''}
      companyName={info?.customerId ? (info.profile?.companyName ?? '') : t('noCompany')}
      overview={q.data}
      error={q.isError}
      onRetry={() => void q.refetch()}
      trend={<TrendCard isAdmin={Boolean(q.data?.isAdmin)} />}
      top={<WorkbenchTopSlot />}
    />
  );
}
