import type { FastifyInstance } from 'fastify';

/** HTTP routes of the radar area (filled in by the area's work). */
export async function radarRoutes(_app: FastifyInstance) {}
