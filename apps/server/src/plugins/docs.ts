import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswer, errorStatuses, PROBLEM_REF } from './error-answers.js';

/** What a multipart route documents (its body is read from the stream, so it has no `body` schema). */
interface MultipartDoc {
  consumes: ['multipart/form-data'];
  /** The form fields, as a contract's zod object. */
  multipartFields: z.ZodType;
  /** The field the file (or files) are sent in. */
  multipartFile: string;
}
/** Route schema part of a multipart upload: OpenAPI lists its fields and file field. */
export const multipartDoc = (fields: z.ZodType, file: string): MultipartDoc => ({
  consumes: ['multipart/form-data'],
  multipartFields: fields,
  multipartFile: file,
});

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The zod transform, plus a multipart/form-data request body for multipart routes. */
function withMultipart(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const mp = input.schema as Partial<MultipartDoc> | undefined;
  if (!mp?.multipartFields || !mp.multipartFile) return out;
  const { $schema: _, ...fields } = z.toJSONSchema(mp.multipartFields, { io: 'input', unrepresentable: 'any' }) as {
    $schema?: string;
    properties?: Record<string, unknown>;
  };
  const body = {
    ...fields,
    type: 'object',
    properties: { [mp.multipartFile]: { type: 'string', format: 'binary' }, ...fields.properties },
  };
  const { multipartFields: _f, multipartFile: _m, ...schema } = out.schema as Record<string, unknown>;
  return { ...out, schema: { ...schema, body } };
}

/** …and the error answers the route can give (`errorStatuses`), beside those it documents itself. */
function transform(input: TransformInput) {
  const out = withMultipart(input);
  const schema = out.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return out;
  const route = (input as { route?: RouteOptions }).route;
  const statuses = errorStatuses({
    method: [route?.method ?? 'GET'].flat()[0],
    url: input.url,
    schema: input.schema as Record<string, unknown> | undefined,
    config: route?.config,
  });
  const own = (schema.response ?? { 200: { description: 'Default Response', type: 'null' } }) as Record<
    string,
    unknown
  >;
  const errors: Record<string, unknown> = Object.fromEntries(statuses.map((s) => [s, errorAnswer(input.url, s)]));
  for (const [status, answer] of Object.entries(own)) {
    // A route's own `problem` answer: problem+json with the status's description.
    const ref = (answer as { $ref?: string }).$ref;
    errors[status] = ref === PROBLEM_REF ? errorAnswer(input.url, Number(status)) : answer;
  }
  return { ...out, schema: { ...schema, response: errors } };
}

interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema & { hide?: boolean; summary?: string; tags?: string[] };
  public: boolean;
  /** A permission, administrator, operator or package-service gate applies (403). */
  gated: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its schema (tests check each has one and is documented). */
    routeList: RouteEntry[];
  }
}

/** OpenAPI at /api/docs/openapi.json and a browsable page at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r: RouteOptions) => {
    const cfg = r.config ?? {};
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      routeList.push({
        method,
        url: r.url,
        schema: r.schema as RouteEntry['schema'],
        public: Boolean(cfg.public),
        gated: Boolean(cfg.permission || cfg.admin || cfg.operator || cfg.codes),
      });
    }
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '获客通 API', version: '0.1.0', description: 'Console, file and share-page calls of 获客通.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform,
    // Schemas registered with an id (the recursive trees) become components the routes' answers $ref.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/docs/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
});
