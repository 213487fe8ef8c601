import type { ChangeWordBody, ExpandBody, KeywordSetBody } from '@huoke/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { winApi } from './api';

const TOP_KEYWORDS = 10;

export const useKeywords = () => useQuery({ queryKey: ['newmedia', 'keywords'], queryFn: winApi.keywords });
export function useAddKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { keyword: string; productName: string }) => winApi.addKeyword(v.keyword, v.productName),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['newmedia'] }),
  });
}
export function useDeleteKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => winApi.deleteKeyword(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['newmedia'] }),
  });
}
export const useRemainder = () => useQuery({ queryKey: ['word-change', 'remainder'], queryFn: winApi.remainder });
export function useChangeWord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeWordBody) => winApi.changeWord(body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['word-change'] }),
  });
}

export const useAiKey = () => useQuery({ queryKey: ['seo', 'ai-key'], queryFn: winApi.aiKey, staleTime: Infinity });
export const useDetect = () =>
  useMutation({ mutationFn: (v: { key: string; txt: string }) => winApi.detect(v.key, v.txt) });

export const useNewsDetail = (id: number | undefined) =>
  useQuery({ queryKey: ['seo', 'news', id], queryFn: () => winApi.newsDetail(id as number), enabled: !!id });
export const useTopKeywords = () =>
  useQuery({ queryKey: ['seo', 'top-keywords'], queryFn: () => winApi.topKeywords(TOP_KEYWORDS) });
export const useSeoTrend = (days: number) =>
  useQuery({ queryKey: ['seo', 'trend', days], queryFn: () => winApi.seoTrend(days) });
export const useKeywordsByEngine = () => useQuery({ queryKey: ['seo', 'by-engine'], queryFn: winApi.keywordsByEngine });
export const useCompanyFacts = (customerId: number | undefined) =>
  useQuery({
    queryKey: ['seo', 'company-facts', customerId],
    queryFn: () => winApi.companyFacts(customerId as number),
    enabled: !!customerId,
  });

export const useExpand = () => useMutation({ mutationFn: (body: ExpandBody) => winApi.expand(body) });
export const useKeywordSets = () => useQuery({ queryKey: ['expand', 'sets'], queryFn: winApi.keywordSets });
export function useSaveKeywordSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: KeywordSetBody) => winApi.saveKeywordSet(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['expand'] }),
  });
}
export function useDeleteKeywordSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => winApi.deleteKeywordSet(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['expand'] }),
  });
}
