/** The article being written, shown as its share page will show it: the page's own renderer, nothing saved. */
import { articlePreviewAnswer, articlePreviewBody } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { langOf } from '../../lib/lang.js';
import { articleSanitizer } from '../../storage/sanitize.js';
import { articleBody, articleFooter, layout } from './pages.js';

/** As many characters as an article may hold, with data: images (the articles area's limit). */
const ARTICLE_BODY_LIMIT = 12 * 1024 * 1024;

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
      // No share code: the page has no beacon script and no forms, and nothing is counted.
      const body = articleBody(item, '', [], editor.style + editor.footer, lang);
      return { html: layout({ title: b.title, description: '', url: '' }, body, lang) };
    },
  );
}
