import type { FastifyInstance } from 'fastify';

/** HTTP routes of the seo area (filled in by the area's work). */
export async function seoRoutes(_app: FastifyInstance) {}
