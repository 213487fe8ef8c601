/**
 * Declares a server route from a route object of the contracts (`packages/contracts/src/routes`): its method, path
 * and parameter, query, body and answer schemas come from the one object the console calls, so the two cannot drift.
 * What only the server knows (OpenAPI tags and summary, config flags, body limit) is given beside it; the error
 * answers are derived from the declaration (plugins/error-answers.ts).
 */
import type { ApiRoute } from '@huoke/contracts/route';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

interface RouteDoc<H extends z.ZodType | undefined = undefined> {
  tags: string[];
  summary: string;
  /** Said beside the summary in the OpenAPI document. */
  description?: string;
  /** Auth, permission, package-service and reply-cache flags (plugins/auth.ts, plugins/reply-cache.ts). */
  config?: FastifyContextConfig;
  /** The largest body accepted, in bytes, when not the server's default. */
  bodyLimit?: number;
  /** Request headers the route reads, validated like the rest. */
  headers?: H;
  /** The answer's media types when it is not JSON. */
  produces?: string[];
  /** `[]` on public routes: the OpenAPI document asks no bearer token. */
  security?: [];
}

type Part<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** The Fastify schema a route object stands for (it types the handler's request and answer). */
type SchemaOf<R extends ApiRoute, H> = {
  params: Part<R, 'params'>;
  querystring: Part<R, 'query'>;
  body: Part<R, 'body'>;
  headers: H;
  response: R extends { answer: infer A extends z.ZodType } ? { 200: A } : undefined;
};

type RouteHandler<R extends ApiRoute, H = undefined> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R, H>,
  ZodTypeProvider
>;

/** Registers `route` (its method, path under the app's prefix, and schemas) with the doc and handler given. */
function declareRoute<const R extends ApiRoute, H extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  route: R,
  doc: RouteDoc<H>,
  handler: RouteHandler<R, H>,
): void {
  const { config, bodyLimit, tags, summary, description, headers, produces, security } = doc;
  const schema = Object.fromEntries(
    Object.entries({
      tags,
      summary,
      description,
      headers,
      params: route.params,
      querystring: route.query,
      body: route.body,
      produces,
      response: route.answer && { 200: route.answer },
      security,
    }).filter(([, v]) => v !== undefined),
  );
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    ...(config && { config }),
    ...(bodyLimit && { bodyLimit }),
    schema,
    handler: handler as RouteHandlerMethod,
  });
}

/**
 * `serve(route, doc, handler)` for one area's routes: its OpenAPI tags given once. `doc` is the summary, or the
 * summary with the rest of a `RouteDoc` (config, body limit …).
 */
export function routesOf(app: FastifyInstance, tags: string[]) {
  return <const R extends ApiRoute, H extends z.ZodType | undefined = undefined>(
    route: R,
    doc: string | Omit<RouteDoc<H>, 'tags'>,
    handler: RouteHandler<R, H>,
  ): void => declareRoute(app, route, { tags, ...(typeof doc === 'string' ? { summary: doc } : doc) }, handler);
}
