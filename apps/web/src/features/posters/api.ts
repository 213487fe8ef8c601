import { postersRoutes as r } from '@huoke/contracts/routes/sharing';
import { call } from '../../shared/call';

export const postersApi = {
  list: (pageIndex: number, pageSize: number) => call(r.list, { query: { pageIndex, pageSize } }),
};
