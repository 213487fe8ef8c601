import type { ChangeWordBody, ExpandBody, KeywordSetBody } from '@huoke/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newmediaApi } from './api';

export const useKeywords = () => useQuery({ queryKey: ['newmedia', 'keywords'], queryFn: newmediaApi.keywords });
export function useAddKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { keyword: string; productName: string }) => newmediaApi.addKeyword(v.keyword, v.productName),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['newmedia'] }),
  });
}
export function useDeleteKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => newmediaApi.deleteKeyword(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['newmedia'] }),
  });
}
export const useRemainder = () => useQuery({ queryKey: ['word-change', 'remainder'], queryFn: newmediaApi.remainder });
export function useChangeWord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeWordBody) => newmediaApi.changeWord(body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['word-change'] }),
  });
}

export const useExpand = () => useMutation({ mutationFn: (body: ExpandBody) => newmediaApi.expand(body) });
export const useKeywordSets = () => useQuery({ queryKey: ['expand', 'sets'], queryFn: newmediaApi.keywordSets });
export function useSaveKeywordSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: KeywordSetBody) => newmediaApi.saveKeywordSet(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['expand'] }),
  });
}
export function useDeleteKeywordSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => newmediaApi.deleteKeywordSet(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['expand'] }),
  });
}
