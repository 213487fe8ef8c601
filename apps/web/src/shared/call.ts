import type { ApiRoute, RouteAnswer, RouteInput } from '@huoke/contracts/route';
import { type RequestOptions, request } from './request';
import { urlOf } from './routeUrl';

type Args<R extends ApiRoute> =
  Record<never, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, opts?: RequestOptions]
    : [input: RouteInput<R>, opts?: RequestOptions];

/**
 * A call of the API through its route object from the contracts (`@huoke/contracts/routes/<area>`): the path,
 * the input and the answer are typed by the contract schemas, never by hand. POST and PUT send `{}` without a body.
 */
export function call<R extends ApiRoute>(route: R, ...[input, opts]: Args<R>): Promise<RouteAnswer<R>> {
  const i = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const body = route.method === 'POST' || route.method === 'PUT' ? (i.body ?? {}) : undefined;
  return request<RouteAnswer<R>>(route.method, urlOf(route, i), body, opts);
}
