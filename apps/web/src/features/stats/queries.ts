import { type ChartHash, type MediaMetric, PAGE_SIZE } from '@huoke/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ranksApi } from './api';

const MONITOR_POLL_MS = 10_000;

export const useBriefing = () => useQuery({ queryKey: ['stats', 'briefing'], queryFn: ranksApi.briefing });
export const useProducts = () => useQuery({ queryKey: ['stats', 'products'], queryFn: ranksApi.products });
export const useChart = (hash: ChartHash, days: number) =>
  useQuery({
    queryKey: ['stats', 'chart', hash, days],
    queryFn: () => ranksApi.chart(hash, days),
    placeholderData: keepPreviousData,
  });
export const usePersonalAndCompany = () =>
  useQuery({ queryKey: ['stats', 'personal-company'], queryFn: ranksApi.personalAndCompany });
export const usePublicRanks = (code: string) =>
  useQuery({
    queryKey: ['stats', 'public', code],
    queryFn: () => ranksApi.publicRanks(code),
    enabled: !!code,
    retry: false,
  });
export const useMonitor = () =>
  useQuery({ queryKey: ['stats', 'monitor'], queryFn: ranksApi.monitor, refetchInterval: MONITOR_POLL_MS });

export const useMediaOverview = () => useQuery({ queryKey: ['newmedia', 'overview'], queryFn: ranksApi.mediaOverview });
export const useMediaMetricTrend = (metric: MediaMetric, days: number) =>
  useQuery({
    queryKey: ['newmedia', 'metric', metric, days],
    queryFn: () => ranksApi.mediaMetricTrend(metric, days),
    placeholderData: keepPreviousData,
  });
export const useSubjectRank = () =>
  useQuery({ queryKey: ['newmedia', 'subject-rank'], queryFn: () => ranksApi.subjectRank(1, PAGE_SIZE.ranking) });
export const useReservations = (pageIndex: number) =>
  useQuery({
    queryKey: ['newmedia', 'reservations', pageIndex],
    queryFn: () => ranksApi.reservations(pageIndex, PAGE_SIZE.list),
    placeholderData: keepPreviousData,
  });
export const useTopVideos = () =>
  useQuery({ queryKey: ['newmedia', 'videos', 'top'], queryFn: () => ranksApi.videos(true) });
