/** The calls of the messages: unread counts, the message list, read marks, publishing, daily shares and live push. */
import { z } from 'zod';
import {
  broadcast,
  classIdParam,
  idAnswer,
  idParam,
  liveTicket,
  message,
  messagePageBody,
  messageType,
  okResult,
  pageOf,
  publishBody,
} from '../index.js';
import { apiRoute } from '../route.js';

const M = '/maint/message';

export const messagesRoutes = {
  types: apiRoute({ method: 'POST', path: `${M}/GetTypeList`, answer: z.array(messageType) }),
  page: apiRoute({ method: 'POST', path: `${M}/GetMessagePage`, body: messagePageBody, answer: pageOf(message) }),
  read: apiRoute({ method: 'PUT', path: `${M}/IsRead/:id`, params: idParam, answer: okResult }),
  readClass: apiRoute({ method: 'PUT', path: `${M}/ReadClass/:classId`, params: classIdParam, answer: okResult }),
  publish: apiRoute({ method: 'POST', path: `${M}/Publish`, body: publishBody, answer: idAnswer }),
  broadcast: apiRoute({ method: 'GET', path: '/caspush/WjtBroadcast/Get', query: idParam, answer: broadcast }),
  liveTicket: apiRoute({ method: 'POST', path: '/maint/live/ticket', answer: liveTicket }),
  /** Server-sent events (text/event-stream), opened with a ticket of `liveTicket`. */
  live: apiRoute({ method: 'GET', path: '/maint/live', query: z.object({ ticket: z.string().min(1).max(128) }) }),
};
