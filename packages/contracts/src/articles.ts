/** Request and answer shapes of the articles area (SPEC §3 Article, §7 "Articles"). */
import { z } from 'zod';
import { idSchema, paging } from './common.js';
import { ARTICLE_CLASSIFY, PAGE_SIZE } from './constants.js';
import { storedUrl } from './urls.js';

/** Largest article HTML accepted (characters, after sanitizing images may be data: URLs). */
export const ARTICLE_HTML_MAX = 5_000_000;
export const ARTICLE_TITLE_MAX = 100;
export const ARTICLE_FROM_MAX = 50;

/** An article category (GetHotList; the editor's category select). */
const articleType = z.object({ id: z.number().int(), name: z.string() });

/** One article as lists show it (no HTML body; `summary` is plain text). */
export const articleListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  articleFrom: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
  thumbnail: z.string(),
  /** Category name ('' when none). */
  sstTypeString: z.string(),
  typeId: z.number().int().nullable(),
  /** Author's name. */
  createBy: z.string(),
  authorId: z.number().int(),
  isShareToEnterprise: z.boolean(),
  /** The caller may change or delete it (author or administrator). */
  canEdit: z.boolean(),
  summary: z.string(),
});
export type ArticleListItem = z.infer<typeof articleListItem>;

/** One article with its sanitized HTML (GET /caspush/articlemanager/:id, AddNew, Update). */
export const article = articleListItem.extend({ content: z.string() });
export type Article = z.infer<typeof article>;

/** GetArticle (mine), GetEnterpriseAndMyArticle (enterprise + mine), GetCustomerArticle (enterprise). */
export const articleListBody = paging(PAGE_SIZE.list).extend({
  keyword: z.string().trim().max(100).optional(),
  typeId: idSchema.optional(),
});
export type ArticleListBody = z.input<typeof articleListBody>;

/** POST /caspush/articlemanager/GetPickerList: articleClassify 1 enterprise, 2 mine. */
export const articlePickerBody = paging(PAGE_SIZE.list).extend({
  articleClassify: z.coerce
    .number()
    .int()
    .refine((v) => v === ARTICLE_CLASSIFY.enterprise || v === ARTICLE_CLASSIFY.mine, '分类只能是1或2')
    .default(ARTICLE_CLASSIFY.enterprise),
  keyword: z.string().trim().max(100).optional(),
});
export type ArticlePickerBody = z.input<typeof articlePickerBody>;

/** GET /caspush/SstArticleManagerType/GetHotList?typeId&size: the categories and the most read articles. */
export const hotListQuery = z.object({
  typeId: idSchema.optional(),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
export const hotListAnswer = z.object({ types: z.array(articleType), data: z.array(articleListItem) });
export type HotListAnswer = z.infer<typeof hotListAnswer>;

const articleFields = z.object({
  title: z.string().trim().min(1, '请输入标题').max(ARTICLE_TITLE_MAX, `标题不能超过${ARTICLE_TITLE_MAX}个字`),
  articleFrom: z.string().trim().max(ARTICLE_FROM_MAX).default(''),
  content: z
    .string()
    .min(1, '请输入内容')
    .max(ARTICLE_HTML_MAX, '内容过长')
    // Tags and white space alone (<p>   </p>) are no body; an image is.
    .refine((html) => /<img\b/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '', '请输入内容'),
  /** A URL (http/https or /api/fs/raw/…) of the cover image; '' for none. */
  thumbnail: storedUrl({ dataImage: true, message: '封面图片地址无效' }).default(''),
  typeId: idSchema.nullable().optional(),
  isShareToEnterprise: z.boolean().default(false),
});
export const addArticleBody = articleFields;
export type AddArticleBody = z.input<typeof addArticleBody>;
export const updateArticleBody = articleFields.extend({ id: idSchema });
export type UpdateArticleBody = z.input<typeof updateArticleBody>;

/** GET /caspush/articlemanager/SetArticleShare?articleId — toggles and answers the new flag. */
export const setArticleShareQuery = z.object({ articleId: idSchema });
export const setArticleShareAnswer = z.object({ id: z.number().int(), isShareToEnterprise: z.boolean() });
