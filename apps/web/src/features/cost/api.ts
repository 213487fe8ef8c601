import type { RouteQuery } from '@huoke/contracts/route';
import { costRoutes as r } from '@huoke/contracts/routes/cost';
import { call } from '../../shared/call';

export type ConsumeFilter = Pick<RouteQuery<typeof r.consume>, 'kind' | 'startTime' | 'endTime'>;
type Paged = { pageIndex: number; pageSize: number };

export const costApi = {
  account: () => call(r.account),
  details: () => call(r.details),
  consume: (query: ConsumeFilter & Paged) => call(r.consume, { query }),
  /** Staff: only the caller's own consumption in this company. */
  myConsume: (query: ConsumeFilter & Paged) => call(r.myConsume, { query }),
  /** The package and its expiry, open to every member. */
  customer: () => call(r.customer),
  stats: (q: ConsumeFilter) => call(r.stats, { query: { startTime: q.startTime, endTime: q.endTime } }),
  top: (customerId?: number) => call(r.top, { query: { customerId } }),
  products: () => call(r.products),
  orders: (query: RouteQuery<typeof r.orders>) => call(r.orders, { query }),
  order: (id: number) => call(r.order, { params: { id } }),
  createOrder: (productId: number) => call(r.createOrder, { body: { productId } }),
  cancelOrder: (id: number) => call(r.cancelOrder, { params: { id } }),
};
