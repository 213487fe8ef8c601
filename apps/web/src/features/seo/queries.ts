import type { ChangeWordBody, ExpandBody, KeywordSetBody } from '@huoke/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { seoApi } from './api';

const TOP_KEYWORDS = 10;

export const useKeywords = () => useQuery({ queryKey: ['newmedia', 'keywords'], queryFn: seoApi.keywords });
export function useAddKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { keyword: string; productName: string }) => seoApi.addKeyword(v.keyword, v.productName),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['newmedia'] }),
  });
}
export function useDeleteKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => seoApi.deleteKeyword(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['newmedia'] }),
  });
}
export const useRemainder = () => useQuery({ queryKey: ['word-change', 'remainder'], queryFn: seoApi.remainder });
export function useChangeWord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeWordBody) => seoApi.changeWord(body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['word-change'] }),
  });
}

export const useAiKey = () => useQuery({ queryKey: ['seo', 'ai-key'], queryFn: seoApi.aiKey, staleTime: Infinity });
export const useDetect = () =>
  useMutation({ mutationFn: (v: { key: string; txt: string }) => seoApi.detect(v.key, v.txt) });

export const useNewsDetail = (id: number | undefined) =>
  useQuery({ queryKey: ['seo', 'news', id], queryFn: () => seoApi.newsDetail(id as number), enabled: !!id });
export const useTopKeywords = () =>
  useQuery({ queryKey: ['seo', 'top-keywords'], queryFn: () => seoApi.topKeywords(TOP_KEYWORDS) });
export const useSeoTrend = (days: number) =>
  useQuery({ queryKey: ['seo', 'trend', days], queryFn: () => seoApi.seoTrend(days) });
export const useKeywordsByEngine = () => useQuery({ queryKey: ['seo', 'by-engine'], queryFn: seoApi.keywordsByEngine });
export const useCompanyFacts = (customerId: number | undefined) =>
  useQuery({
    queryKey: ['seo', 'company-facts', customerId],
    queryFn: () => seoApi.companyFacts(customerId as number),
    enabled: !!customerId,
  });

export const useExpand = () => useMutation({ mutationFn: (body: ExpandBody) => seoApi.expand(body) });
export const useKeywordSets = () => useQuery({ queryKey: ['expand', 'sets'], queryFn: seoApi.keywordSets });
export function useSaveKeywordSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: KeywordSetBody) => seoApi.saveKeywordSet(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['expand'] }),
  });
}
export function useDeleteKeywordSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => seoApi.deleteKeywordSet(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['expand'] }),
  });
}
