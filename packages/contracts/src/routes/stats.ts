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
import { GET, POST } from '../route.js';

export const statsRoutes = {
  briefing: GET('/crm/controlpanal/GetSalesBriefing', { answer: salesBriefing }),
  products: GET('/crm/controlpanal/GetProductsDistribution', { answer: productsDistribution }),
  chart: GET('/crm/controlpanal/:hash', { params: chartHashParam, query: chartQuery, answer: namedChart }),
  personalAndCompany: GET('/crm/userinfo/GetPersonalAndCompanyAsync', { answer: personalAndCompany }),
  publicCode: GET('/crm/controlpanal/GetPublicCode', { answer: publicViewCode }),
  publicRanks: GET('/public/ranks', { query: publicRanksQuery, answer: publicRanks }),
  monitor: GET('/public/monitor', { answer: monitorStatus }),
  mediaTrend: GET('/newmedia/OverView/QueryTrend', { query: trendQuery, answer: mediaTrend }),
  mediaOverview: GET('/newmedia/OverView/QueryOverViewQty', { answer: overviewQty }),
  mediaMetricTrend: POST('/newmedia/OverView/GetWDXGeneralTrend/:a/:b', {
    params: generalTrendParams,
    answer: generalTrend,
  }),
  subjectRank: POST('/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank', {
    body: subjectRankBody.nullish(),
    answer: subjectRankPage,
  }),
  reservations: GET('/newmedia/ReservationMessage/QueryReservationAccount', {
    query: reservationQuery,
    answer: reservationPage,
  }),
  videos: GET('/newmedia/PlatForm/ShortVideo/GetVideoDetails', { query: videoDetailsQuery, answer: videoDetails }),
};

/** Per-content performance of the article, document, video and mini-site lists. */
export const contentStatsRoutes = {
  list: GET('/crm/content-stats/List', { query: contentStatsQuery, answer: contentStatsPage }),
  detail: GET('/crm/content-stats/Detail', { query: contentItemQuery, answer: contentStatDetail }),
  readers: GET('/crm/content-stats/Readers', { query: contentReadersQuery, answer: contentReadersPage }),
};

/** Streamed CSV downloads (not JSON: the console fetches them from `urlOf(route, { query })`). */
export const exportRoutes = {
  visitors: GET('/crm/export/Visitors', { query: visitorsExportQuery, answer: csvAnswer }),
  contentReaders: GET('/crm/export/ContentReaders', { query: readersExportQuery, answer: csvAnswer }),
};
