import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface RouteEntry {
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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/docs/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
});
