import type { ApiRoute, RouteAnswer, RouteInput } from '@huoke/contracts/route';
import { type RequestOptions, request } from './request';

type Value = string | number | boolean | null | undefined;

/** The route's path with its `:name` parameters filled in, and the query string (empty values left out). */
export function urlOf(route: ApiRoute, input: { params?: unknown; query?: unknown }): string {
  const params = (input.params ?? {}) as Record<string, Value>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, Value | Value[]>)) {
    for (const one of [v].flat()) if (one !== undefined && one !== null && one !== '') q.append(k, String(one));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

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
