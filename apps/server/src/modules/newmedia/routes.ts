import type { FastifyInstance } from 'fastify';

/** HTTP routes of the newmedia area (filled in by the area's work). */
export async function newmediaRoutes(_app: FastifyInstance) {}
