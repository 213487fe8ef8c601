import type { AddArticleBody, ArticleListBody, UpdateArticleBody } from '@huoke/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ArticleScope, articlesApi } from './api';

const articleKeys = {
  all: ['articles'] as const,
  list: (scope: ArticleScope, body: ArticleListBody) => ['articles', 'list', scope, body] as const,
  detail: (id: number) => ['articles', 'detail', id] as const,
  hot: (typeId?: number) => ['articles', 'hot', typeId ?? 0] as const,
};

export const useArticleList = (scope: ArticleScope, body: ArticleListBody) =>
  useQuery({
    queryKey: articleKeys.list(scope, body),
    queryFn: () => articlesApi.list(scope, body),
    placeholderData: keepPreviousData,
  });

export const useArticle = (id: number | undefined) =>
  useQuery({ queryKey: articleKeys.detail(id ?? 0), queryFn: () => articlesApi.get(id as number), enabled: !!id });

export const useHotList = (typeId?: number) =>
  useQuery({ queryKey: articleKeys.hot(typeId), queryFn: () => articlesApi.hotList(typeId) });

export function useSaveArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddArticleBody | UpdateArticleBody) =>
      'id' in body && body.id ? articlesApi.update(body as UpdateArticleBody) : articlesApi.add(body),
    onSuccess: (a) => {
      qc.setQueryData(articleKeys.detail(a.id), a);
      void qc.invalidateQueries({ queryKey: articleKeys.all });
    },
  });
}

export function useDeleteArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => articlesApi.remove(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

/** SetArticleShare: the flag flips only after the server answers (SPEC §4). */
export function useToggleShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => articlesApi.toggleShare(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: articleKeys.all }),
  });
}
