import type {
  ChartData,
  DynamicsPage,
  FollowUp,
  HotMessage,
  IntentProduct,
  InteractData,
  InterestData,
  LeadScore,
  LeadSettings,
  Page,
  Visitor,
  VisitorEdit,
  VisitorPageQuery,
} from '@huoke/contracts';
import { request } from '../../shared/request';

export const radarApi = {
  visitors: (q: VisitorPageQuery) =>
    request<Page<Visitor> & { nextCursor?: string | null }>('POST', '/cus/UserBehavior/GetVisitorPageData', q),
  hot: (id: number) => request<HotMessage>('GET', `/cus/leads/Hot?id=${id}`),
  score: (id: number) => request<LeadScore>('GET', `/cus/leads/Score?id=${id}`),
  scoreSettings: () => request<LeadSettings>('GET', '/cus/leads/ScoreSettings'),
  saveScoreSettings: (body: LeadSettings) => request<LeadSettings>('POST', '/cus/leads/ScoreSettings', body),
  resetScoreSettings: () => request<LeadSettings>('POST', '/cus/leads/ScoreSettings/Reset'),
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
