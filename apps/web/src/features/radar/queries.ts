import { PAGE_SIZE, type VisitorEdit, type VisitorPageQuery } from '@huoke/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { radarApi } from './api';

/** Every radar query key starts with 'radar': the live stream invalidates them all on a visitor event. */
export const radarKeys = {
  all: ['radar'] as const,
  visitors: (q: VisitorPageQuery) => ['radar', 'visitors', q] as const,
  chart: (start?: string, end?: string) => ['radar', 'chart', start ?? '', end ?? ''] as const,
  visitor: (id: number) => ['radar', 'visitor', id] as const,
  dynamics: (id: number, filter: number) => ['radar', 'dynamics', id, filter] as const,
  activity: (id: number, days: number) => ['radar', 'activity', id, days] as const,
  interact: (id: number) => ['radar', 'interact', id] as const,
  interest: (id: number) => ['radar', 'interest', id] as const,
  intent: (id: number) => ['radar', 'intent', id] as const,
  score: (id: number) => ['radar', 'score', id] as const,
  followUps: (id: number) => ['radar', 'followUps', id] as const,
  members: ['radar', 'members'] as const,
};

/** The company's active members by name (userId, label), for 员工; read only when `enabled` (who sees all visitors). */
export const useMembers = (enabled: boolean) =>
  useQuery({
    queryKey: radarKeys.members,
    queryFn: radarApi.members,
    enabled,
    staleTime: 60_000,
    select: (tree) =>
      tree.data.flatMap(function users(n): { userId: number; label: string }[] {
        return n.type === 'user' && n.userId
          ? [{ userId: n.userId, label: n.label }]
          : (n.children ?? []).flatMap(users);
      }),
  });

export const useLeadScore = (id: number) =>
  useQuery({ queryKey: radarKeys.score(id), queryFn: () => radarApi.score(id) });

export const useFollowUps = (id: number) =>
  useQuery({ queryKey: radarKeys.followUps(id), queryFn: () => radarApi.followUps(id) });

export function useAddFollowUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: radarApi.addFollowUp,
    onSuccess: () => qc.invalidateQueries({ queryKey: radarKeys.all }),
  });
}

export const useVisitors = (q: VisitorPageQuery) =>
  useQuery({ queryKey: radarKeys.visitors(q), queryFn: () => radarApi.visitors(q), placeholderData: keepPreviousData });

export const useVisitorChart = (start?: string, end?: string) =>
  useQuery({ queryKey: radarKeys.chart(start, end), queryFn: () => radarApi.chart(start, end) });

export const useVisitor = (id: number | null) =>
  useQuery({ queryKey: radarKeys.visitor(id ?? 0), queryFn: () => radarApi.visitor(id as number), enabled: !!id });

/** Dynamics with a time cursor: a new filter is a new key, so list, page and cursor start over. */
export const useDynamics = (id: number, filter: number) =>
  useInfiniteQuery({
    queryKey: radarKeys.dynamics(id, filter),
    initialPageParam: { cursor: null as string | null, pageIndex: 1 },
    queryFn: ({ pageParam }) =>
      radarApi.dynamics({
        weChatUserInfoId: id,
        filters: filter,
        createTimeString: pageParam.cursor,
        pageIndex: pageParam.pageIndex,
        pageSize: PAGE_SIZE.list,
      }),
    getNextPageParam: (last, pages) => (last.next ? { cursor: last.next, pageIndex: pages.length + 1 } : undefined),
  });

export const useActivity = (id: number, days: number) =>
  useQuery({ queryKey: radarKeys.activity(id, days), queryFn: () => radarApi.activity(id, days) });
export const useInteract = (id: number) =>
  useQuery({ queryKey: radarKeys.interact(id), queryFn: () => radarApi.interact(id) });
export const useInterest = (id: number) =>
  useQuery({ queryKey: radarKeys.interest(id), queryFn: () => radarApi.interest(id) });
export const useIntentProducts = (id: number) =>
  useQuery({ queryKey: radarKeys.intent(id), queryFn: () => radarApi.intentProducts(id) });

export function useSaveVisitor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitorEdit) => radarApi.save(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: radarKeys.all }),
  });
}
