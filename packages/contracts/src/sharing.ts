/** Request and answer shapes of the sharing area: share links, cards, posters, mini-websites, tracking. */
import { z } from 'zod';
import { ARTICLE_FROM_MAX, ARTICLE_HTML_MAX, ARTICLE_TITLE_MAX } from './articles.js';
import { idSchema, MOBILE_RE, pageOf, paging } from './common.js';
import { EVENT_KIND, PAGE_SIZE, SELECTION_MAX } from './constants.js';
import { storedUrl } from './urls.js';

const id = idSchema;

/** What a share link points at, and its behaviour event kind (SPEC §9). */
export const SHARE_KIND = {
  article: EVENT_KIND.article,
  card: EVENT_KIND.card,
  website: EVENT_KIND.microSite,
  video: EVENT_KIND.video,
  document: EVENT_KIND.brochure,
} as const;
export type ShareKindName = keyof typeof SHARE_KIND;

/** Share settings of SPEC §3 (article share panel). */
export const shareSettings = z.object({
  articleManagerId: id,
  isShowCard: z.boolean().default(false),
  isShowCompany: z.boolean().default(false),
  isShowPosition: z.boolean().default(false),
  isShowWeChat: z.boolean().default(false),
  isShowPhone: z.boolean().default(false),
  /** Related articles (at most 3). */
  relationIds: z.array(id).max(SELECTION_MAX, '最多只能选择三个文章').default([]),
  relationWjtVideoIds: z.array(id).max(SELECTION_MAX, '最多只能选择三个文章').default([]),
  relationWjtDocumentIds: z.array(id).max(SELECTION_MAX, '最多只能选择三个文章').default([]),
});
export type ShareSettings = z.infer<typeof shareSettings>;

/** Share answer: the public link and its QR code (a data: PNG URL). */
export const shareAnswer = z.object({ link: z.string(), qrCode: z.string(), code: z.string() });

/**
 * The article being written, as its share page will show it (GetArticlePreview): nothing is saved and no share made.
 * `createTime` is the saved article's (ISO 8601); a new article's is now.
 */
export const articlePreviewBody = z.object({
  title: z.string().trim().max(ARTICLE_TITLE_MAX).default(''),
  articleFrom: z.string().trim().max(ARTICLE_FROM_MAX).default(''),
  content: z.string().max(ARTICLE_HTML_MAX, '内容过长').default(''),
  createTime: z.iso.datetime().optional(),
});
export type ArticlePreviewBody = z.input<typeof articlePreviewBody>;
/** The share page's HTML (its styles, no script), to be shown in a sandboxed frame. */
export const articlePreviewAnswer = z.object({ html: z.string() });
export type ShareAnswer = z.infer<typeof shareAnswer>;

export const shareContentBody = z.object({
  kind: z.enum(['video', 'document', 'card', 'website']),
  id,
});

export const pushToAppBody = z.object({ articleId: id });
export const pushAnswer = z.object({ ok: z.literal(true), message: z.string() });
const pushItem = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  title: z.string(),
  createTime: z.string(),
  read: z.boolean(),
});
export const pushPage = pageOf(pushItem);
export const pushListQuery = paging(PAGE_SIZE.list);
export const PUSH_DONE_TEXT = '文章已推送至APP，请登录APP查看！';

/** Card info of SPEC §3 (the share panel's card and the e-card page). */
export const cardInfo = z.object({
  empId: z.number().int(),
  name: z.string(),
  duties: z.string(),
  icCompanyName: z.string(),
  avatar: z.string(),
  phone: z.string(),
  weChatID: z.string(),
  weChatQRCode: z.string(),
  isShowCompany: z.boolean(),
  isShowPosition: z.boolean(),
  isShowWeChat: z.boolean(),
  isShowPhone: z.boolean(),
});
export type CardInfo = z.infer<typeof cardInfo>;
/** Card and website images: a stored URL, or a small inline raster image. */
const imageRef = storedUrl({ max: 300_000, dataImage: true, message: '图片地址无效' });

/** WeChat settings (微信号设置). */
export const weChatSettings = z.object({
  weChatID: z.string().trim().max(40),
  weChatQRCode: imageRef.default(''),
});
export type WeChatSettings = z.infer<typeof weChatSettings>;

/** Card settings area: what the card shows. */
export const cardSettings = z.object({
  name: z.string().trim().min(1, '请填写姓名').max(30),
  duties: z.string().trim().max(30).default(''),
  phone: z.union([z.literal(''), z.string().trim().regex(MOBILE_RE, '请输入正确的手机号')]).default(''),
  avatar: imageRef.default(''),
  isShowCompany: z.boolean(),
  isShowPosition: z.boolean(),
  isShowWeChat: z.boolean(),
  isShowPhone: z.boolean(),
});
export type CardSettings = z.infer<typeof cardSettings>;
/** The card QR call takes `isBase64` in the query (SPEC §7) or the body: true answers a data URL. */
export const cardQrQuery = z.object({ isBase64: z.enum(['true', 'false']).optional() });
export const cardQrBody = z.object({ isBase64: z.boolean().optional() }).nullish();
export const cardQrAnswer = z.object({ link: z.string(), qrCode: z.string() });

/** Posters (imageUrl) and video posters (videoPicUrl). */
export const poster = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  videoPicUrl: z.string().nullable(),
  createTime: z.string(),
});
export type Poster = z.infer<typeof poster>;
export const posterPage = pageOf(poster);
export const posterListQuery = paging(PAGE_SIZE.list);
export const posterDetail = poster.extend({
  card: z.object({ name: z.string(), icCompanyName: z.string(), avatar: z.string() }),
  /** The sharer's card link the poster's QR points to. */
  link: z.string(),
  qrCode: z.string(),
});

/** Poster composite payload (SPEC §3). */
export const posterCompositeBody = z.object({
  posterUrl: z.string().trim().min(1).max(2000),
  name: z.string().trim().max(30).default(''),
  companyName: z.string().trim().max(60).default(''),
  qrCodeUrl: z.string().trim().min(1).max(200_000),
});
export const posterCompositeAnswer = z.object({ url: z.string() });

/** Mini-website blocks: text, image, article, video, contact card. */
const textBlock = z.object({ type: z.literal('text'), text: z.string().max(5000) });
const imageBlock = z.object({ type: z.literal('image'), url: imageRef });
const articleBlock = z.object({ type: z.literal('article'), id });
const videoBlock = z.object({ type: z.literal('video'), id });
const cardBlock = z.object({ type: z.literal('card') });
const websiteBlock = z.discriminatedUnion('type', [textBlock, imageBlock, articleBlock, videoBlock, cardBlock]);
export type WebsiteBlock = z.infer<typeof websiteBlock>;
/**
 * The title of what an article or video block names, as the console reads a site back: null when it is gone (deleted,
 * or kept to its author since), which a save would refuse; the number alone told a user nothing.
 */
const shownTitle = { title: z.string().nullable() };
const websiteBlockShown = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  articleBlock.extend(shownTitle),
  videoBlock.extend(shownTitle),
  cardBlock,
]);
export type WebsiteBlockShown = z.infer<typeof websiteBlockShown>;
export const MAX_WEBSITE_BLOCKS = 50;
const BLOCKS_REQUIRED = '请至少添加一个内容区块';

export const websiteBody = z.object({
  title: z.string().trim().min(1, '请输入标题').max(60),
  cover: imageRef.default(''),
  /**
   * At least one block (a site of none shared a page with its title alone), and one card at most (a second one
   * showed the same card twice). Missing is the same as none.
   */
  blocks: z
    .array(websiteBlock, { error: (issue) => (issue.input === undefined ? BLOCKS_REQUIRED : undefined) })
    .min(1, BLOCKS_REQUIRED)
    .max(MAX_WEBSITE_BLOCKS)
    .refine((bs) => bs.filter((b) => b.type === 'card').length <= 1, '名片区块最多一个'),
});
export type WebsiteBody = z.infer<typeof websiteBody>;
export const website = websiteBody.extend({
  blocks: z.array(websiteBlockShown),
  id: z.number().int(),
  sort: z.number().int(),
  createBy: z.string(),
  createTime: z.string(),
  /** Its creator or an administrator: the others may open, share and order it, not change or delete it. */
  canEdit: z.boolean(),
});
export type Website = z.infer<typeof website>;
export const websitePage = pageOf(website);
export const websiteListParams = z.object({ flag: z.enum(['true', 'false']) });
export const websiteSortBody = z.object({ ids: z.array(id).min(1).max(1000) });

/** Tracking beacon of the share pages. */
/** What a share page's beacon reports. Forms are recorded by the server when it stores them, never by a beacon. */
/** `end`: read to the end (the page's bottom came into view). */
export const TRACK_ACTIONS = ['view', 'read', 'call', 'wechat', 'download', 'play', 'click', 'end'] as const;
export const trackBody = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{10,32}$/),
  action: z.enum(TRACK_ACTIONS),
  kind: z.coerce.number().int().min(1).max(8).optional(),
  /** The forwarder token of a forwarded link (`?f=`), sent with the page's view. */
  f: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,200}$/)
    .optional(),
  durationMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(6 * 3600_000)
    .optional(),
  /** A read's time on the page so far, every stretch of this opening of it (the read's own stretch is durationMs). */
  totalMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(6 * 3600_000)
    .optional(),
});

/** Consult-received dialog text (SPEC §2.3). */
export const consultReceivedText = (phone: string) =>
  `您的咨询已收到，顾问将尽快与您联系，请保持电话畅通。客服电话：${phone}`;
