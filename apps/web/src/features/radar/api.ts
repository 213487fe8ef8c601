import type {
  ChartData,
  DynamicsPage,
  FollowUp,
  IntentProduct,
  InteractData,
  InterestData,
  LeadMerge,
  LeadScore,
  LeadSource,
  Page,
  Visitor,
  VisitorEdit,
  VisitorPageQuery,
} from '@huoke/contracts';
import { request } from '../../shared/request';

export const radarApi = {
  visitors: (q: VisitorPageQuery) =>
    request<Page<Visitor> & { nextCursor?: string | null }>('POST', '/cus/UserBehavior/GetVisitorPageData', q),
  score: (id: number) => request<LeadScore>('GET', `/cus/leads/Score?id=${id}`),
  followUps: (id: number) =>
    request<{ stage: FollowUp['stage'] | null; nextContactOn: string | null; data: FollowUp[] }>(
      'GET',
      `/cus/leads/FollowUps?id=${id}`,
    ),
  addFollowUp: (body: { visitorId: number; text: string; stage: FollowUp['stage']; nextContactOn: string | null }) =>
    request<FollowUp>('POST', '/cus/leads/FollowUps', body),
  visitor: (id: number) => request<Visitor>('GET', `/cus/WeChatUserInfo/Detail/${id}`),
  save: (body: VisitorEdit) => request<Visitor>('POST', '/cus/WeChatUserInfo/AddOrUpdateWeChatInfo', body),
  dynamics: (body: {
    weChatUserInfoId: number;
    filters: number;
    createTimeString: string | null;
    pageIndex: number;
    pageSize: number;
  }) => request<DynamicsPage>('POST', '/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', body),
  activity: (id: number, viewDay: number) =>
    request<ChartData>('GET', `/cus/UserBehavior/GetUserBehaviorActivity?weChatUserInfoId=${id}&viewDay=${viewDay}`),
  interact: (id: number) =>
    request<InteractData>('GET', `/cus/UserBehavior/GetVisitorAndMeInteract?weChatUserInfoId=${id}`),
  interest: (id: number) =>
    request<InterestData>('GET', `/cus/UserBehavior/GetVisitorInterestPercentage?weChatUserInfoId=${id}`),
  intentProducts: (id: number) => request<IntentProduct[]>('GET', `/visitingcard/product/IntentProList/${id}`),
  chart: (startTime?: string, endTime?: string) => {
    const q = new URLSearchParams();
    if (startTime) q.set('startTime', startTime);
    if (endTime) q.set('endTime', endTime);
    const s = q.toString();
    return request<ChartData>('GET', `/cus/UserBehavior/VisitorChart${s ? `?${s}` : ''}`);
  },
};

/** Forwarding chains and identity merges of leads. */
export const chainsApi = {
  source: (id: number) => request<LeadSource>('GET', `/cus/chains/LeadSource/${id}`),
  merges: (visitorId: number) => request<LeadMerge[]>('GET', `/cus/merge/List?visitorId=${visitorId}`),
  merge: (a: number, b: number) => request<LeadMerge[]>('POST', '/cus/merge/Merge', { a, b }),
  undo: (id: number) => request<LeadMerge[]>('POST', `/cus/merge/Undo/${id}`),
};
