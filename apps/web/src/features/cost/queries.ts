import type { OrderState } from '@huoke/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ConsumeFilter, costApi } from './api';

const KEY = ['cost'] as const;

export const useAccountDetails = () => useQuery({ queryKey: [...KEY, 'details'], queryFn: costApi.details });
export const useConsume = (q: ConsumeFilter & { pageIndex: number; pageSize: number }, enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'consume', q],
    queryFn: () => costApi.consume(q),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useMyConsume = (q: ConsumeFilter & { pageIndex: number; pageSize: number }, enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'myConsume', q],
    queryFn: () => costApi.myConsume(q),
    placeholderData: keepPreviousData,
    enabled,
  });
export const usePackage = () => useQuery({ queryKey: [...KEY, 'package'], queryFn: costApi.customer });
export const useConsumeStats = (q: ConsumeFilter) =>
  useQuery({ queryKey: [...KEY, 'stats', q], queryFn: () => costApi.stats(q) });
export const useTopConsumers = (customerId?: number) =>
  useQuery({ queryKey: [...KEY, 'top', customerId], queryFn: () => costApi.top(customerId) });
export const useProducts = () => useQuery({ queryKey: [...KEY, 'products'], queryFn: costApi.products });
export const useOrders = (q: { pageIndex: number; pageSize: number; state?: OrderState }) =>
  useQuery({ queryKey: [...KEY, 'orders', q], queryFn: () => costApi.orders(q), placeholderData: keepPreviousData });
export const useOrder = (id: number | null) =>
  useQuery({ queryKey: [...KEY, 'order', id], queryFn: () => costApi.order(id as number), enabled: id !== null });

function useCostMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}
export const useCreateOrder = () => useCostMutation((productId: number) => costApi.createOrder(productId));
export const useCancelOrder = () => useCostMutation((id: number) => costApi.cancelOrder(id));
