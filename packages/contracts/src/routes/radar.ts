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
import { GET, POST } from '../route.js';

export const visitorPageAnswer = pageOf(visitor).extend({ nextCursor: z.string().nullable().optional() });

export const radarRoutes = {
  visitors: POST('/cus/UserBehavior/GetVisitorPageData', { body: visitorPageQuery, answer: visitorPageAnswer }),
  score: GET('/cus/leads/Score', { query: leadIdQuery, answer: leadScore }),
  /** A hot-lead message (live push gives only its id). */
  hot: GET('/cus/leads/Hot', { query: leadIdQuery, answer: hotMessage }),
  followUps: GET('/cus/leads/FollowUps', { query: leadIdQuery, answer: followUpList }),
  addFollowUp: POST('/cus/leads/FollowUps', { body: followUpBody, answer: followUp }),
  byUnionid: GET('/cus/WeChatUserInfo/GetWeChatInfo', { query: unionidQuery, answer: visitor }),
  visitor: GET('/cus/WeChatUserInfo/Detail/:id', { params: idParam, answer: visitor }),
  save: POST('/cus/WeChatUserInfo/AddOrUpdateWeChatInfo', { body: visitorEditBody, answer: visitor }),
  dynamics: POST('/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', { body: dynamicsQuery, answer: dynamicsPage }),
  activity: GET('/cus/UserBehavior/GetUserBehaviorActivity', { query: activityQuery, answer: chartData }),
  interact: GET('/cus/UserBehavior/GetVisitorAndMeInteract', { query: visitorIdQuery, answer: interactData }),
  interest: GET('/cus/UserBehavior/GetVisitorInterestPercentage', { query: visitorIdQuery, answer: interestData }),
  intentProducts: GET('/visitingcard/product/IntentProList/:id', { params: idParam, answer: z.array(intentProduct) }),
  chart: GET('/cus/UserBehavior/VisitorChart', { query: visitorChartQuery, answer: chartData }),
};

/** The company's lead score settings (administrators save them; the daily brief's own setting is the workbench's). */
export const leadSettingsRoutes = {
  scoreSettings: GET('/cus/leads/ScoreSettings', { answer: leadSettings }),
  saveScoreSettings: POST('/cus/leads/ScoreSettings', { body: leadSettingsBody, answer: leadSettings }),
  resetScoreSettings: POST('/cus/leads/ScoreSettings/Reset', { answer: leadSettings }),
};

export const chainsRoutes = {
  contentSpread: GET('/cus/chains/ContentSpread', { query: contentSpreadQuery, answer: spreadTree }),
  shareSpread: GET('/cus/chains/ShareSpread', { query: shareSpreadQuery, answer: spreadTree }),
  source: GET('/cus/chains/LeadSource/:id', { params: idParam, answer: leadSource }),
  merges: GET('/cus/merge/List', { query: mergeListQuery, answer: z.array(leadMerge) }),
  merge: POST('/cus/merge/Merge', { body: mergeBody, answer: z.array(leadMerge) }),
  undo: POST('/cus/merge/Undo/:id', { params: idParam, answer: z.array(leadMerge) }),
};
