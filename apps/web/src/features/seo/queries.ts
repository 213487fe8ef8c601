import { useMutation, useQuery } from '@tanstack/react-query';
import { seoApi } from './api';

const TOP_KEYWORDS = 10;

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
