import type { FastifyInstance } from 'fastify';

/** HTTP routes of the sharing area (filled in by the area's work). */
export async function sharingRoutes(_app: FastifyInstance) {}
