import { publicConfig } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findOnPath } from '../storage/tools.js';

/** What the console needs to know before anyone logs in: names and addresses from the configuration. */
export async function publicConfigRoutes(app: FastifyInstance) {
  // Looked up once: the upload dialog says whether a video without a cover gets one from its frames.
  const videoFrames = findOnPath('ffmpeg').then(Boolean);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/config',
    {
      config: { public: true },
      schema: {
        tags: ['session'],
        summary: '控制台公开配置（产品名、客服电话、下载地址、外部应用地址、能否从视频截取封面）',
        response: { 200: publicConfig },
      },
    },
    async () => ({
      videoFrames: await videoFrames,
      appName: app.config.APP_NAME,
      supportPhone: app.config.SUPPORT_PHONE,
      appDownloadUrl: app.config.APP_DOWNLOAD_URL,
      externalApps: { WJTCRM: app.config.CRM_URL, WJTSKB: app.config.CLUE_URL, SVIDEO: app.config.MEDIA_URL },
    }),
  );
}
