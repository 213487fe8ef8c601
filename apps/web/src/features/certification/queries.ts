import type { OrderState } from '@huoke/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AuthForm, certificationApi, type ReviewQuery } from './api';

const KEY = ['certification'] as const;

export const useAuthDetail = () => useQuery({ queryKey: [...KEY, 'detail'], queryFn: certificationApi.detail });
export const useCustomer = () => useQuery({ queryKey: [...KEY, 'customer'], queryFn: certificationApi.customer });

export function useSubmitAuth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthForm) => certificationApi.submit(body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: KEY });
      // The layout's real-name banner reads the same state.
      await qc.invalidateQueries({ queryKey: ['authState'] });
    },
  });
}

export const useReviews = (q: ReviewQuery) =>
  useQuery({
    queryKey: [...KEY, 'reviews', q],
    queryFn: () => certificationApi.reviews(q),
    placeholderData: keepPreviousData,
  });

export const useOperatorOrders = (q: { pageIndex: number; pageSize: number; state?: OrderState }) =>
  useQuery({
    queryKey: [...KEY, 'orders', q],
    queryFn: () => certificationApi.orders(q),
    placeholderData: keepPreviousData,
  });

function useOperatorMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useReview = () =>
  useOperatorMutation((v: { id: number; approve: boolean; reason?: string }) =>
    v.approve ? certificationApi.approve(v.id) : certificationApi.reject(v.id, v.reason ?? ''),
  );
export const useSettleOrder = () =>
  useOperatorMutation((v: { id: number; to: 'paid' | 'refunded' }) =>
    v.to === 'paid' ? certificationApi.markPaid(v.id) : certificationApi.refund(v.id),
  );
