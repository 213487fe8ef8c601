/**
 * A call of the API as one object: method, path (under /api, `:name` for path parameters) and the contract schemas
 * of its parameters, query, body and answer. The console's `call(route, input)` types both sides from it, and a
 * server test checks each route object against the route the server declares (same method, path and schemas).
 */
import type { z } from 'zod';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer. */
  answer?: z.ZodType;
}

/** Declares a route object (keeps its literal method and path and its schemas' types). */
export const apiRoute = <const R extends ApiRoute>(r: R): R => r;

/** A route's schemas: what is given beside its method and path. */
type Parts = Omit<ApiRoute, 'method' | 'path'>;

/** Declares a route object by its method: `GET(path, { query, answer })` is `apiRoute({ method: 'GET', path, … })`. */
const byMethod =
  <M extends ApiMethod>(method: M) =>
  <const P extends string, const S extends Parts = Record<never, never>>(
    path: P,
    parts?: S,
  ): { method: M; path: P } & S =>
    ({ method, path, ...parts }) as { method: M; path: P } & S;

export const GET = byMethod('GET');
export const POST = byMethod('POST');
export const PUT = byMethod('PUT');
export const DELETE = byMethod('DELETE');

type Part<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller sends: `params`, `query` and `body` as the route's schemas accept them. */
export type RouteInput<R extends ApiRoute> = Part<R, 'params'> & Part<R, 'query'> & Part<R, 'body'>;

/** What the route answers with 200. */
export type RouteAnswer<R extends ApiRoute> = R extends { answer: infer A extends z.ZodType } ? z.output<A> : unknown;

/** The body a route accepts (what a feature's call takes). */
export type RouteBody<R extends ApiRoute> = R extends { body: infer S extends z.ZodType } ? z.input<S> : never;
/** The query a route accepts. */
export type RouteQuery<R extends ApiRoute> = R extends { query: infer S extends z.ZodType } ? z.input<S> : never;
