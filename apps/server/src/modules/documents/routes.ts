import type { FastifyInstance } from 'fastify';

/** HTTP routes of the documents area (filled in by the area's work). */
export async function documentsRoutes(_app: FastifyInstance) {}
