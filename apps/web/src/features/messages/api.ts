import type { Broadcast, Message, MessageType, Page } from '@huoke/contracts';
import { PAGE_SIZE } from '@huoke/contracts';
import { request } from '../../shared/request';

export const messagesApi = {
  types: () => request<MessageType[]>('POST', '/maint/message/GetTypeList'),
  page: (messageClassId: number, pageIndex: number) =>
    request<Page<Message>>('POST', '/maint/message/GetMessagePage', {
      pageIndex,
      pageSize: PAGE_SIZE.messageFeed,
      messageClassId,
    }),
  read: (id: number) => request<{ ok: true }>('PUT', `/maint/message/IsRead/${id}`),
  readClass: (classId: number) => request<{ ok: true }>('PUT', `/maint/message/ReadClass/${classId}`),
  broadcast: (id: number) => request<Broadcast>('GET', `/caspush/WjtBroadcast/Get?id=${id}`),
  ticket: () => request<{ ticket: string }>('POST', '/maint/live/ticket'),
};
