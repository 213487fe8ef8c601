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
import { GET, POST, PUT } from '../route.js';

const M = '/maint/message';

export const messagesRoutes = {
  types: POST(`${M}/GetTypeList`, { answer: z.array(messageType) }),
  page: POST(`${M}/GetMessagePage`, { body: messagePageBody, answer: pageOf(message) }),
  read: PUT(`${M}/IsRead/:id`, { params: idParam, answer: okResult }),
  readClass: PUT(`${M}/ReadClass/:classId`, { params: classIdParam, answer: okResult }),
  publish: POST(`${M}/Publish`, { body: publishBody, answer: idAnswer }),
  broadcast: GET('/caspush/WjtBroadcast/Get', { query: idParam, answer: broadcast }),
  liveTicket: POST('/maint/live/ticket', { answer: liveTicket }),
  /** Server-sent events (text/event-stream), opened with a ticket of `liveTicket`. */
  live: GET('/maint/live', { query: z.object({ ticket: z.string().min(1).max(128) }) }),
};
