import type { FastifyInstance } from 'fastify';

/** HTTP routes of the articles area (filled in by the area's work). */
export async function articlesRoutes(_app: FastifyInstance) {}
