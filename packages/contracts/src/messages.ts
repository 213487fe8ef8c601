/** Request and answer shapes of the messages area. */
import { z } from 'zod';
import { MAX_PAGE_SIZE, MESSAGE_CLASS, PAGE_SIZE } from './constants.js';
import { storedUrl } from './urls.js';

export const MESSAGE_CLASSES = [MESSAGE_CLASS.system, MESSAGE_CLASS.radar, MESSAGE_CLASS.dailyShare] as const;
const classId = z.coerce
  .number()
  .int()
  .refine((c) => (MESSAGE_CLASSES as readonly number[]).includes(c), '未知的消息类型');

export const messageType = z.object({ value: z.number().int(), count: z.number().int() });
export type MessageType = z.infer<typeof messageType>;

export const messagePageBody = z.object({
  pageIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.messageFeed),
  messageClassId: classId,
});

export const message = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  createTime: z.string(),
  title: z.string(),
  /** HTML (system), plain text (radar) or JSON (daily share). */
  description: z.string(),
  routeLink: z.string(),
  isRead: z.boolean(),
});
export type Message = z.infer<typeof message>;

export const classIdParam = z.object({ classId });

export const BROADCAST_TYPE = { poster: 1, article: 2 } as const;
/** The JSON description of a daily-share message (class 10200). */
export const dailyShareDescription = z
  .object({
    BroadcastType: z.union([z.literal(1), z.literal(2)]),
    ImageUrl: storedUrl({ max: 1000, message: '图片地址无效' }).default(''),
    Title: z.string().trim().min(1, '请输入标题').max(100),
    ShortContent: z.string().trim().max(2000).default(''),
  })
  // A poster is its image: one published without it opened an empty 海报详情.
  .refine((d) => d.BroadcastType !== 1 || d.ImageUrl !== '', { path: ['ImageUrl'], message: '请选择图片' });
export type DailyShareDescription = z.infer<typeof dailyShareDescription>;

export const publishBody = z.discriminatedUnion('classId', [
  z.object({
    classId: z.literal(MESSAGE_CLASS.system),
    title: z.string().trim().min(1, '请输入标题').max(100),
    /** HTML body, sanitized on write. */
    description: z.string().max(100_000).default(''),
  }),
  z.object({
    classId: z.literal(MESSAGE_CLASS.dailyShare),
    title: z.string().trim().min(1, '请输入标题').max(100),
    description: dailyShareDescription,
  }),
]);
export type PublishBody = z.input<typeof publishBody>;

export const broadcast = z.object({
  id: z.number().int(),
  title: z.string(),
  broadcastType: z.number().int(),
  imageUrl: z.string(),
  shortContent: z.string(),
  createTime: z.string(),
});
export type Broadcast = z.infer<typeof broadcast>;

export const liveTicket = z.object({ ticket: z.string() });
/** What the live stream pushes. */
export type LiveEvent =
  | { type: 'message'; classId: number }
  | { type: 'visitor'; visitorId: number }
  /** A 🔥 hot moment for this user: message `messageId` (read it with /cus/leads/Hot). */
  | { type: 'hot'; messageId: number };
