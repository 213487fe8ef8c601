/** The calls of the menus area: the sidebar's menu tree and the permission checks by code. */
import { menuRoutesAnswer } from '../menus.js';
import { appCodeParams, authorizationQuery } from '../permissions.js';
import { GET } from '../route.js';
import { boolResult } from '../session.js';

export const menusRoutes = {
  /** The menu tree, filtered by the user's permissions and the company's service codes. */
  routers: GET('/usr/menus/routers', { answer: menuRoutesAnswer }),
  /** Whether the company's package holds an external app's code. */
  appPermission: GET('/cus/customersaccount/IsPermissionByAppCode/:code', {
    params: appCodeParams,
    answer: boolResult,
  }),
  /** Whether the company's package holds a service (type 1–4 or the code). */
  serviceAuthorization: GET('/cus/customizeauthorize/GetCurrentUserIsAuthorization', {
    query: authorizationQuery,
    answer: boolResult,
  }),
};
