import type { FastifyInstance } from 'fastify';

/** HTTP routes of the guestbook area (filled in by the area's work). */
export async function guestbookRoutes(_app: FastifyInstance) {}
