import type { FastifyInstance } from 'fastify';

/** HTTP routes of the messages area (filled in by the area's work). */
export async function messagesRoutes(_app: FastifyInstance) {}
