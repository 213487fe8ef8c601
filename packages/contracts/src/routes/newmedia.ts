/** The calls of the new-media area: the short-video figures (the data view shows them), and imports of its data. */
import { z } from 'zod';
import { importReport, mediaImportKind } from '../imports.js';
import {
  generalTrend,
  generalTrendParams,
  mediaTrend,
  overviewQty,
  reservationPage,
  reservationQuery,
  subjectRankBody,
  subjectRankPage,
  trendQuery,
  videoDetails,
  videoDetailsQuery,
} from '../newmedia.js';
import { GET, POST } from '../route.js';

/** The short-video account's figures: daily trend, totals, one metric's trend, keyword heat, leads, works. */
export const newmediaRoutes = {
  trend: GET('/newmedia/OverView/QueryTrend', { query: trendQuery, answer: mediaTrend }),
  overview: GET('/newmedia/OverView/QueryOverViewQty', { answer: overviewQty }),
  metricTrend: POST('/newmedia/OverView/GetWDXGeneralTrend/:a/:b', {
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

/** An import (CSV or .xlsx in the multipart field `file`) and its CSV template, by kind. */
export const mediaImportRoutes = {
  upload: POST('/newmedia/Import/:kind', { params: mediaImportKind, answer: importReport }),
  template: GET('/newmedia/Import/:kind/template', { params: mediaImportKind, answer: z.string() }),
};
