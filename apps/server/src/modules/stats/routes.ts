import type { FastifyInstance } from 'fastify';

/** HTTP routes of the stats area (filled in by the area's work). */
export async function statsRoutes(_app: FastifyInstance) {}
