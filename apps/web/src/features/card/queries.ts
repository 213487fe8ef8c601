import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardApi } from './api';

const cardKeys = { me: ['card', 'me'] as const, qr: (id: number) => ['card', 'qr', id] as const };

export const useMyCard = () => useQuery({ queryKey: cardKeys.me, queryFn: cardApi.myDetails });

export const useCardQr = (empId: number | undefined) =>
  useQuery({ queryKey: cardKeys.qr(empId ?? 0), queryFn: () => cardApi.cardQr(empId as number), enabled: !!empId });

export function useUpdateWeChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cardApi.updateWeChat,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: cardKeys.me });
      qc.invalidateQueries({ queryKey: ['sharing', 'card'] });
    },
  });
}

export function useSaveCardSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cardApi.saveSettings,
    onSuccess: (data) => {
      qc.setQueryData(cardKeys.me, data);
      qc.invalidateQueries({ queryKey: ['sharing', 'card'] });
    },
  });
}
