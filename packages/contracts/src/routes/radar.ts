/** The calls of the visitor radar: leads, their scores, follow-ups, forwarding chains and merges. */
import { z } from 'zod';
import {
  contentSpreadQuery,
  leadMerge,
  leadSource,
  mergeBody,
  mergeListQuery,
  shareSpreadQuery,
  spreadTree,
} from '../chains.js';
import { idParam, pageOf } from '../common.js';
import {
  followUp,
  followUpBody,
  followUpList,
  hotMessage,
  leadIdQuery,
  leadScore,
  leadSettings,
  leadSettingsBody,
} from '../leads.js';
import {
  activityQuery,
  chartData,
  dynamicsPage,
  dynamicsQuery,
  intentProduct,
  interactData,
  interestData,
  unionidQuery,
  visitor,
  visitorChartQuery,
  visitorEditBody,
  visitorIdQuery,
  visitorPageQuery,
} from '../radar.js';
import { apiRoute } from '../route.js';

export const visitorPageAnswer = pageOf(visitor).extend({ nextCursor: z.string().nullable().optional() });

export const radarRoutes = {
  visitors: apiRoute({
    method: 'POST',
    path: '/cus/UserBehavior/GetVisitorPageData',
    body: visitorPageQuery,
    answer: visitorPageAnswer,
  }),
  score: apiRoute({ method: 'GET', path: '/cus/leads/Score', query: leadIdQuery, answer: leadScore }),
  /** A hot-lead message (live push gives only its id). */
  hot: apiRoute({ method: 'GET', path: '/cus/leads/Hot', query: leadIdQuery, answer: hotMessage }),
  followUps: apiRoute({ method: 'GET', path: '/cus/leads/FollowUps', query: leadIdQuery, answer: followUpList }),
  addFollowUp: apiRoute({ method: 'POST', path: '/cus/leads/FollowUps', body: followUpBody, answer: followUp }),
  byUnionid: apiRoute({
    method: 'GET',
    path: '/cus/WeChatUserInfo/GetWeChatInfo',
    query: unionidQuery,
    answer: visitor,
  }),
  visitor: apiRoute({ method: 'GET', path: '/cus/WeChatUserInfo/Detail/:id', params: idParam, answer: visitor }),
  save: apiRoute({
    method: 'POST',
    path: '/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
    body: visitorEditBody,
    answer: visitor,
  }),
  dynamics: apiRoute({
    method: 'POST',
    path: '/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
    body: dynamicsQuery,
    answer: dynamicsPage,
  }),
  activity: apiRoute({
    method: 'GET',
    path: '/cus/UserBehavior/GetUserBehaviorActivity',
    query: activityQuery,
    answer: chartData,
  }),
  interact: apiRoute({
    method: 'GET',
    path: '/cus/UserBehavior/GetVisitorAndMeInteract',
    query: visitorIdQuery,
    answer: interactData,
  }),
  interest: apiRoute({
    method: 'GET',
    path: '/cus/UserBehavior/GetVisitorInterestPercentage',
    query: visitorIdQuery,
    answer: interestData,
  }),
  intentProducts: apiRoute({
    method: 'GET',
    path: '/visitingcard/product/IntentProList/:id',
    params: idParam,
    answer: z.array(intentProduct),
  }),
  chart: apiRoute({
    method: 'GET',
    path: '/cus/UserBehavior/VisitorChart',
    query: visitorChartQuery,
    answer: chartData,
  }),
};

/** The company's lead score settings (administrators save them; the daily brief's own setting is the workbench's). */
export const leadSettingsRoutes = {
  scoreSettings: apiRoute({ method: 'GET', path: '/cus/leads/ScoreSettings', answer: leadSettings }),
  saveScoreSettings: apiRoute({
    method: 'POST',
    path: '/cus/leads/ScoreSettings',
    body: leadSettingsBody,
    answer: leadSettings,
  }),
  resetScoreSettings: apiRoute({ method: 'POST', path: '/cus/leads/ScoreSettings/Reset', answer: leadSettings }),
};

export const chainsRoutes = {
  contentSpread: apiRoute({
    method: 'GET',
    path: '/cus/chains/ContentSpread',
    query: contentSpreadQuery,
    answer: spreadTree,
  }),
  shareSpread: apiRoute({
    method: 'GET',
    path: '/cus/chains/ShareSpread',
    query: shareSpreadQuery,
    answer: spreadTree,
  }),
  source: apiRoute({ method: 'GET', path: '/cus/chains/LeadSource/:id', params: idParam, answer: leadSource }),
  merges: apiRoute({ method: 'GET', path: '/cus/merge/List', query: mergeListQuery, answer: z.array(leadMerge) }),
  merge: apiRoute({ method: 'POST', path: '/cus/merge/Merge', body: mergeBody, answer: z.array(leadMerge) }),
  undo: apiRoute({ method: 'POST', path: '/cus/merge/Undo/:id', params: idParam, answer: z.array(leadMerge) }),
};
