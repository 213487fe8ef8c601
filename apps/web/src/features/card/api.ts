import type { RouteBody } from '@huoke/contracts/route';
import { cardRoutes as r } from '@huoke/contracts/routes/sharing';
import { call } from '../../shared/call';

export const cardApi = {
  myDetails: () => call(r.myDetails),
  updateWeChat: (body: RouteBody<typeof r.updateWeChat>) => call(r.updateWeChat, { body }),
  saveSettings: (body: RouteBody<typeof r.saveSettings>) => call(r.saveSettings, { body }),
  cardQr: (empId: number) => call(r.qr, { params: { id: empId }, query: { isBase64: 'true' }, body: {} }),
};
