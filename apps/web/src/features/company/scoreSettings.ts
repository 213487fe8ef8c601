import type { RouteBody } from '@huoke/contracts/route';
import { leadSettingsRoutes as r } from '@huoke/contracts/routes/radar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/call';

/** The company's lead-score settings (half-life, points per reason), on the company management page. */
const scoreSettingsApi = {
  get: () => call(r.scoreSettings),
  save: (body: RouteBody<typeof r.saveScoreSettings>) => call(r.saveScoreSettings, { body }),
  reset: () => call(r.resetScoreSettings),
};

const KEY = ['company', 'scoreSettings'] as const;

export const useScoreSettings = (enabled = true) => useQuery({ queryKey: KEY, queryFn: scoreSettingsApi.get, enabled });

export function useSaveScoreSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof r.saveScoreSettings> | null) =>
      body ? scoreSettingsApi.save(body) : scoreSettingsApi.reset(),
    onSuccess: (s) => {
      qc.setQueryData(KEY, s);
      // Scores shown on the radar are read again with the new settings.
      return qc.invalidateQueries({ queryKey: ['radar'] });
    },
  });
}
