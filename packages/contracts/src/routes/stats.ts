/** The calls of the data view, the per-content figures, the open rankings, the monitor and the new-media figures. */
import { csvAnswer, readersExportQuery, visitorsExportQuery } from '../content-stats.js';
import {
  chartHashParam,
  chartQuery,
  contentItemQuery,
  contentReadersPage,
  contentReadersQuery,
  contentStatDetail,
  contentStatsPage,
  contentStatsQuery,
  generalTrend,
  generalTrendParams,
  mediaTrend,
  monitorStatus,
  namedChart,
  overviewQty,
  personalAndCompany,
  productsDistribution,
  publicRanks,
  publicRanksQuery,
  publicViewCode,
  reservationPage,
  reservationQuery,
  salesBriefing,
  subjectRankBody,
  subjectRankPage,
  trendQuery,
  videoDetails,
  videoDetailsQuery,
} from '../index.js';
import { apiRoute } from '../route.js';

export const statsRoutes = {
  briefing: apiRoute({ method: 'GET', path: '/crm/controlpanal/GetSalesBriefing', answer: salesBriefing }),
  products: apiRoute({
    method: 'GET',
    path: '/crm/controlpanal/GetProductsDistribution',
    answer: productsDistribution,
  }),
  chart: apiRoute({
    method: 'GET',
    path: '/crm/controlpanal/:hash',
    params: chartHashParam,
    query: chartQuery,
    answer: namedChart,
  }),
  personalAndCompany: apiRoute({
    method: 'GET',
    path: '/crm/userinfo/GetPersonalAndCompanyAsync',
    answer: personalAndCompany,
  }),
  publicCode: apiRoute({ method: 'GET', path: '/crm/controlpanal/GetPublicCode', answer: publicViewCode }),
  publicRanks: apiRoute({ method: 'GET', path: '/public/ranks', query: publicRanksQuery, answer: publicRanks }),
  monitor: apiRoute({ method: 'GET', path: '/public/monitor', answer: monitorStatus }),
  mediaTrend: apiRoute({ method: 'GET', path: '/newmedia/OverView/QueryTrend', query: trendQuery, answer: mediaTrend }),
  mediaOverview: apiRoute({ method: 'GET', path: '/newmedia/OverView/QueryOverViewQty', answer: overviewQty }),
  mediaMetricTrend: apiRoute({
    method: 'POST',
    path: '/newmedia/OverView/GetWDXGeneralTrend/:a/:b',
    params: generalTrendParams,
    answer: generalTrend,
  }),
  subjectRank: apiRoute({
    method: 'POST',
    path: '/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank',
    body: subjectRankBody.nullish(),
    answer: subjectRankPage,
  }),
  reservations: apiRoute({
    method: 'GET',
    path: '/newmedia/ReservationMessage/QueryReservationAccount',
    query: reservationQuery,
    answer: reservationPage,
  }),
  videos: apiRoute({
    method: 'GET',
    path: '/newmedia/PlatForm/ShortVideo/GetVideoDetails',
    query: videoDetailsQuery,
    answer: videoDetails,
  }),
};

/** Per-content performance of the article, document, video and mini-site lists. */
export const contentStatsRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/crm/content-stats/List',
    query: contentStatsQuery,
    answer: contentStatsPage,
  }),
  detail: apiRoute({
    method: 'GET',
    path: '/crm/content-stats/Detail',
    query: contentItemQuery,
    answer: contentStatDetail,
  }),
  readers: apiRoute({
    method: 'GET',
    path: '/crm/content-stats/Readers',
    query: contentReadersQuery,
    answer: contentReadersPage,
  }),
};

/** Streamed CSV downloads (not JSON: the console fetches them from `urlOf(route, { query })`). */
export const exportRoutes = {
  visitors: apiRoute({ method: 'GET', path: '/crm/export/Visitors', query: visitorsExportQuery, answer: csvAnswer }),
  contentReaders: apiRoute({
    method: 'GET',
    path: '/crm/export/ContentReaders',
    query: readersExportQuery,
    answer: csvAnswer,
  }),
};
