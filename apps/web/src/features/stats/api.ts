import type { ChartHash, MediaMetric } from '@huoke/contracts';
import { newmediaRoutes as nm } from '@huoke/contracts/routes/newmedia';
import { statsRoutes as r } from '@huoke/contracts/routes/stats';
import { call } from '../../shared/call';

/** Typed calls of the data view, the open rankings and the monitor (SPEC §7 "Statistics and data view"). */
export const ranksApi = {
  briefing: () => call(r.briefing),
  products: () => call(r.products),
  chart: (hash: ChartHash, days: number) => call(r.chart, { params: { hash }, query: { days } }),
  personalAndCompany: () => call(r.personalAndCompany),
  publicCode: () => call(r.publicCode),
  resetPublicCode: () => call(r.resetPublicCode),
  publicRanks: (code: string) => call(r.publicRanks, { query: { code } }, { silent: true }),
  monitor: () => call(r.monitor, {}, { silent: true }),

  mediaTrend: (days: number) => call(nm.trend, { query: { days } }),
  mediaOverview: () => call(nm.overview),
  mediaMetricTrend: (metric: MediaMetric, days: number) => call(nm.metricTrend, { params: { a: metric, b: days } }),
  subjectRank: (pageIndex: number, pageSize: number) => call(nm.subjectRank, { body: { pageIndex, pageSize } }),
  reservations: (pageIndex: number, pageSize: number) => call(nm.reservations, { query: { pageIndex, pageSize } }),
  videos: (isTop?: boolean) =>
    call(nm.videos, { query: { isTop: isTop === undefined ? undefined : isTop ? 'true' : 'false' } }),
};
