/** The calls of the data view, the per-content figures, the open rankings and the monitor. */
import {
  contentItemQuery,
  contentReadersPage,
  contentReadersQuery,
  contentStatDetail,
  contentStatsPage,
  contentStatsQuery,
  csvAnswer,
  readersExportQuery,
  visitorsExportQuery,
} from '../content-stats.js';
import { GET } from '../route.js';
import {
  chartHashParam,
  chartQuery,
  monitorStatus,
  namedChart,
  personalAndCompany,
  productsDistribution,
  publicRanks,
  publicRanksQuery,
  publicViewCode,
  salesBriefing,
} from '../stats.js';

export const statsRoutes = {
  briefing: GET('/crm/controlpanal/GetSalesBriefing', { answer: salesBriefing }),
  products: GET('/crm/controlpanal/GetProductsDistribution', { answer: productsDistribution }),
  chart: GET('/crm/controlpanal/:hash', { params: chartHashParam, query: chartQuery, answer: namedChart }),
  personalAndCompany: GET('/crm/userinfo/GetPersonalAndCompanyAsync', { answer: personalAndCompany }),
  publicCode: GET('/crm/controlpanal/GetPublicCode', { answer: publicViewCode }),
  publicRanks: GET('/public/ranks', { query: publicRanksQuery, answer: publicRanks }),
  monitor: GET('/public/monitor', { answer: monitorStatus }),
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
