import type { FastifyInstance } from 'fastify';

/** HTTP routes of the videos area (filled in by the area's work). */
export async function videosRoutes(_app: FastifyInstance) {}
