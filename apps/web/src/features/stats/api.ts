import type {
  ChartHash,
  GeneralTrend,
  MediaKeyword,
  MediaMetric,
  MediaTrend,
  MonitorStatus,
  NamedChart,
  OverviewQty,
  Page,
  PersonalAndCompany,
  ProductsDistribution,
  PublicRanks,
  ReservationAccount,
  SalesBriefing,
  ShortVideo,
} from '@huoke/contracts';
import { request } from '../../shared/request';

/** Typed calls of the data view, the open rankings and the monitor (SPEC §7 "Statistics and data view"). */
export const ranksApi = {
  briefing: () => request<SalesBriefing>('GET', '/crm/controlpanal/GetSalesBriefing'),
  products: () => request<ProductsDistribution>('GET', '/crm/controlpanal/GetProductsDistribution'),
  chart: (hash: ChartHash, days: number) => request<NamedChart>('GET', `/crm/controlpanal/${hash}?days=${days}`),
  personalAndCompany: () => request<PersonalAndCompany>('GET', '/crm/userinfo/GetPersonalAndCompanyAsync'),
  publicCode: () => request<{ code: string }>('GET', '/crm/controlpanal/GetPublicCode'),
  publicRanks: (code: string) =>
    request<PublicRanks>('GET', `/public/ranks?code=${encodeURIComponent(code)}`, undefined, { silent: true }),
  monitor: () => request<MonitorStatus>('GET', '/public/monitor', undefined, { silent: true }),

  mediaTrend: (days: number) => request<MediaTrend>('GET', `/newmedia/OverView/QueryTrend?days=${days}`),
  mediaOverview: () => request<OverviewQty>('GET', '/newmedia/OverView/QueryOverViewQty'),
  mediaMetricTrend: (metric: MediaMetric, days: number) =>
    request<GeneralTrend>('POST', `/newmedia/OverView/GetWDXGeneralTrend/${metric}/${days}`),
  subjectRank: (pageIndex: number, pageSize: number) =>
    request<Page<MediaKeyword>>('POST', '/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank', {
      pageIndex,
      pageSize,
    }),
  reservations: (pageIndex: number, pageSize: number) =>
    request<Page<ReservationAccount>>(
      'GET',
      `/newmedia/ReservationMessage/QueryReservationAccount?pageIndex=${pageIndex}&pageSize=${pageSize}`,
    ),
  videos: (isTop?: boolean) =>
    request<{ data: ShortVideo[] }>(
      'GET',
      `/newmedia/PlatForm/ShortVideo/GetVideoDetails${isTop === undefined ? '' : `?isTop=${isTop}`}`,
    ),
};
