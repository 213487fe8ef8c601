import type { LeadSettings } from '@huoke/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/request';

/** The company's lead-score settings (half-life, points per reason), on the company management page. */
const scoreSettingsApi = {
  get: () => request<LeadSettings>('GET', '/cus/leads/ScoreSettings'),
  save: (body: LeadSettings) => request<LeadSettings>('POST', '/cus/leads/ScoreSettings', body),
  reset: () => request<LeadSettings>('POST', '/cus/leads/ScoreSettings/Reset'),
};

const KEY = ['company', 'scoreSettings'] as const;

export const useScoreSettings = (enabled = true) => useQuery({ queryKey: KEY, queryFn: scoreSettingsApi.get, enabled });

export function useSaveScoreSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadSettings | null) => (body ? scoreSettingsApi.save(body) : scoreSettingsApi.reset()),
    onSuccess: (s) => {
      qc.setQueryData(KEY, s);
      // Scores shown on the radar are read again with the new settings.
      return qc.invalidateQueries({ queryKey: ['radar'] });
    },
  });
}
