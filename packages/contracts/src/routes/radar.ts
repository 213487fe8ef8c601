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
import { followUp, followUpBody, followUpList, leadIdQuery, leadScore } from '../leads.js';
import {
  activityQuery,
  chartData,
  dynamicsPage,
  dynamicsQuery,
  intentProduct,
  interactData,
  interestData,
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
  followUps: apiRoute({ method: 'GET', path: '/cus/leads/FollowUps', query: leadIdQuery, answer: followUpList }),
  addFollowUp: apiRoute({ method: 'POST', path: '/cus/leads/FollowUps', body: followUpBody, answer: followUp }),
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
