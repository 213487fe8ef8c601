import type { Page, Website, WebsiteBody } from '@huoke/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { websitesApi } from './api';

const key = ['websites', 'list'] as const;

export const useWebsites = () => useQuery({ queryKey: key, queryFn: websitesApi.list });

export function useSaveWebsite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: WebsiteBody }): Promise<void> => {
      if (id) await websitesApi.modify(id, body);
      else await websitesApi.create(body);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteWebsite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: websitesApi.remove,
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** Saves a new order at once on screen, and puts the old one back if the server refuses. */
export function useSortWebsites() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ordered: Website[]) => websitesApi.sort(ordered.map((w) => w.id)),
    onMutate: async (ordered) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Page<Website>>(key);
      if (before) qc.setQueryData<Page<Website>>(key, { ...before, data: ordered });
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
