import { PAGE_SIZE } from '@huoke/contracts';
import type { RouteBody } from '@huoke/contracts/route';
import { messagesRoutes as r } from '@huoke/contracts/routes/messages';
import { call } from '../../shared/call';

export const messagesApi = {
  types: () => call(r.types),
  page: (messageClassId: number, pageIndex: number) =>
    call(r.page, { body: { pageIndex, pageSize: PAGE_SIZE.messageFeed, messageClassId } }),
  read: (id: number) => call(r.read, { params: { id } }),
  readClass: (classId: number) => call(r.readClass, { params: { classId } }),
  broadcast: (id: number) => call(r.broadcast, { query: { id } }),
  publish: (body: RouteBody<typeof r.publish>) => call(r.publish, { body }),
  ticket: () => call(r.liveTicket),
};
