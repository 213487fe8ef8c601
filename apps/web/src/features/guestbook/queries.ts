import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type GuestbookQuery, guestbookApi } from './api';

const guestbookKeys = { all: ['guestbook'] as const, page: (q: GuestbookQuery) => ['guestbook', q] as const };

export const useGuestbook = (q: GuestbookQuery) =>
  useQuery({ queryKey: guestbookKeys.page(q), queryFn: () => guestbookApi.page(q), placeholderData: keepPreviousData });

export function useUpdateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; handled?: boolean; reply?: string }) => guestbookApi.update(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: guestbookKeys.all }),
  });
}

export function useDeleteEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => guestbookApi.remove(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: guestbookKeys.all }),
  });
}
