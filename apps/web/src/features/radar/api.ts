import type { RouteBody } from '@huoke/contracts/route';
import { companyRoutes } from '@huoke/contracts/routes/company';
import { chainsRoutes, radarRoutes as r } from '@huoke/contracts/routes/radar';
import { call } from '../../shared/call';

export const radarApi = {
  visitors: (body: RouteBody<typeof r.visitors>) => call(r.visitors, { body }),
  score: (id: number) => call(r.score, { query: { id } }),
  followUps: (id: number) => call(r.followUps, { query: { id } }),
  addFollowUp: (body: RouteBody<typeof r.addFollowUp>) => call(r.addFollowUp, { body }),
  visitor: (id: number) => call(r.visitor, { params: { id } }),
  save: (body: RouteBody<typeof r.save>) => call(r.save, { body }),
  dynamics: (body: RouteBody<typeof r.dynamics>) => call(r.dynamics, { body }),
  activity: (id: number, viewDay: number) => call(r.activity, { query: { weChatUserInfoId: id, viewDay } }),
  interact: (id: number) => call(r.interact, { query: { weChatUserInfoId: id } }),
  interest: (id: number) => call(r.interest, { query: { weChatUserInfoId: id } }),
  intentProducts: (id: number) => call(r.intentProducts, { params: { id } }),
  chart: (startTime?: string, endTime?: string) => call(r.chart, { query: { startTime, endTime } }),
  /** The company's members (the user pickers' tree: names for anyone), for the list's 员工 filter. */
  members: () => call(companyRoutes.deptTree, { query: {} }),
};

/** Forwarding chains and identity merges of leads. */
export const chainsApi = {
  source: (id: number) => call(chainsRoutes.source, { params: { id } }),
  merges: (visitorId: number) => call(chainsRoutes.merges, { query: { visitorId } }),
  merge: (a: number, b: number) => call(chainsRoutes.merge, { body: { a, b } }),
  undo: (id: number) => call(chainsRoutes.undo, { params: { id } }),
};
