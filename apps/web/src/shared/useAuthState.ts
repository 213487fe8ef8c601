import { certificationRoutes } from '@huoke/contracts/routes/certification';
import { useQuery } from '@tanstack/react-query';
import { call } from './call';
import { useSession } from './session';

/** Whether the current company passed real-name certification (the banner, and buying, which needs it). */
export function useAuthState() {
  const companyId = useSession((s) => s.info?.customerId);
  return useQuery({
    queryKey: ['authState', companyId],
    queryFn: () => call(certificationRoutes.state, {}, { silent: true }),
    enabled: Boolean(companyId),
    staleTime: 60_000,
  });
}
