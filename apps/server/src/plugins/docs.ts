import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
function transform(input: TransformInput) {
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

interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema & { hide?: boolean; summary?: string; tags?: string[] };
  public: boolean;
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
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      routeList.push({
        method,
        url: r.url,
        schema: r.schema as RouteEntry['schema'],
        public: Boolean((r.config as { public?: boolean } | undefined)?.public),
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
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/docs/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
});
