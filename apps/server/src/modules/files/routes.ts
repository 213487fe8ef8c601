import type { FastifyInstance } from 'fastify';

/** HTTP routes of the files area (filled in by the area's work). */
export async function filesRoutes(_app: FastifyInstance) {}
