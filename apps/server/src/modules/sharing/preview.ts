/** The article being written, shown as its share page will show it: the page's own renderer, nothing saved. */
import { articlePreviewAnswer, articlePreviewBody } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { langOf } from '../../lib/lang.js';
import { articleSanitizer } from '../../storage/sanitize.js';
import { pageText } from './page-text.js';
import { articleBody, articleFooter, esc, forms, layout } from './pages.js';

/** As many characters as an article may hold, with data: images (the articles area's limit). */
const ARTICLE_BODY_LIMIT = 12 * 1024 * 1024;

/** What the preview adds to the share page: its notes, set apart from what a visitor will see. */
const NOTE_STYLE =
  '<style>.preview-note{display:block;margin:12px 0;padding:10px 12px;border:1px dashed #bbb;border-radius:8px;background:#fafafa;color:#888;font-size:13px;text-align:center}</style>';
const note = (text: string) => `<p class="preview-note">${esc(text)}</p>`;

/**
 * An http: image in its place, named: the console takes images from https addresses only (its content security
 * policy), and the share page, which takes them from anywhere, shows it. Not rewritten to https: (whether the host
 * answers there, with the same picture, is unknown; a broken or different image would mislead), nor fetched by the
 * server (an address the writer typed), nor let through by widening the console's policy to plain http. The HTML is
 * the renderer's, cleaned: every attribute stands in double quotes with any quote inside escaped.
 */
const noteHttpImages = (html: string, text: string) =>
  html.replace(/<img\b[^>]*?\ssrc="(http:\/\/[^"]*)"[^>]*>/gi, (_, src: string) => {
    return `<span class="preview-note" title="${src}">${esc(text)}</span>`;
  });

export function articlePreviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sanitize = articleSanitizer(app.config.VIDEO_IFRAME_HOSTS);
  r.post(
    '/api/caspush/SstArticleShare/GetArticlePreview',
    {
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: {
        tags: ['sharing'],
        summary: '文章预览：按分享页的样子显示正在编辑的文章（不保存，不生成分享）',
        body: articlePreviewBody,
        response: { 200: articlePreviewAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const lang = langOf(req.headers['accept-language']);
      // The body cleaned as a save would clean it, then as the share page cleans it (articleBody).
      const item = {
        kind: 'article' as const,
        id: 0,
        companyId: req.ctx.companyId,
        title: b.title,
        summary: '',
        cover: null,
        html: sanitize(b.content),
        source: b.articleFrom,
        createdBy: req.ctx.userId,
        createTime: b.createTime ?? new Date().toISOString(),
        sharedToCompany: false,
      };
      const editor = articleFooter(await app.ports.editor.settings(app.db, req.ctx.companyId));
      const x = pageText(lang);
      // What every share page shows below the article, drawn by its renderer: the forms (the console's frame is
      // sandboxed, they send nothing). The sharer's card and the related content are chosen when sharing: a note
      // stands where each goes. No share code: no beacon script, and nothing is counted.
      const body =
        NOTE_STYLE +
        articleBody(item, note(x.previewCard), [], editor.style + editor.footer, lang) +
        note(x.previewRelated) +
        forms('', app.config.SUPPORT_PHONE, undefined, lang);
      return {
        html: layout({ title: b.title, description: '', url: '' }, noteHttpImages(body, x.previewHttpImage), lang),
      };
    },
  );
}
