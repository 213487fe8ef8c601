import { SCROLL_TRIGGER_PX } from '@huoke/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesApi } from './api';

export const messageKeys = {
  all: ['messages'] as const,
  types: ['messages', 'types'] as const,
  page: (classId: number) => ['messages', 'page', classId] as const,
  broadcast: (id: number) => ['messages', 'broadcast', id] as const,
};

export const useMessageTypes = () => useQuery({ queryKey: messageKeys.types, queryFn: messagesApi.types });

/** Infinite list of SPEC §4: finished once the loaded count reaches totalCount. */
export function useMessagePages(classId: number, enabled: boolean) {
  const q = useInfiniteQuery({
    queryKey: messageKeys.page(classId),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => messagesApi.page(classId, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return loaded >= last.totalCount || last.data.length === 0 ? undefined : pages.length + 1;
    },
  });
  return { ...q, items: q.data?.pages.flatMap((p) => p.data) ?? [] };
}

export const nearBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_TRIGGER_PX;

export function useReadClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: messagesApi.readClass,
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.types }),
  });
}

export function useReadOne() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: messagesApi.read,
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.types }),
  });
}

export const useBroadcast = (id: number | null) =>
  useQuery({
    queryKey: messageKeys.broadcast(id ?? 0),
    queryFn: () => messagesApi.broadcast(id as number),
    enabled: !!id,
  });
