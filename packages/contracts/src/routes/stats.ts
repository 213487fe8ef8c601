/** The calls of the data view, the per-content figures, the open rankings and the monitor. */
import * as cs from '../content-stats.js';
import { GET, POST } from '../route.js';
import * as st from '../stats.js';

export const statsRoutes = {
  briefing: GET('/crm/controlpanal/GetSalesBriefing', { answer: st.salesBriefing }),
  products: GET('/crm/controlpanal/GetProductsDistribution', { answer: st.productsDistribution }),
  chart: GET('/crm/controlpanal/:hash', { params: st.chartHashParam, query: st.chartQuery, answer: st.namedChart }),
  personalAndCompany: GET('/crm/userinfo/GetPersonalAndCompanyAsync', { answer: st.personalAndCompany }),
  publicCode: GET('/crm/controlpanal/GetPublicCode', { answer: st.publicViewCode }),
  /** A new code for the data view's public link: the old link stops at once (administrators). */
  resetPublicCode: POST('/crm/controlpanal/ResetPublicCode', { answer: st.publicViewCode }),
  publicRanks: GET('/public/ranks', { query: st.publicRanksQuery, answer: st.publicRanks }),
  monitor: GET('/public/monitor', { answer: st.monitorStatus }),
};

/** Per-content performance of the article, document, video and mini-site lists. */
export const contentStatsRoutes = {
  list: GET('/crm/content-stats/List', { query: cs.contentStatsQuery, answer: cs.contentStatsPage }),
  detail: GET('/crm/content-stats/Detail', { query: cs.contentItemQuery, answer: cs.contentStatDetail }),
  readers: GET('/crm/content-stats/Readers', { query: cs.contentReadersQuery, answer: cs.contentReadersPage }),
};

/** Streamed CSV downloads (not JSON: the console fetches them from `urlOf(route, { query })`). */
export const exportRoutes = {
  visitors: GET('/crm/export/Visitors', { query: cs.visitorsExportQuery, answer: cs.csvAnswer }),
  contentReaders: GET('/crm/export/ContentReaders', { query: cs.readersExportQuery, answer: cs.csvAnswer }),
};
