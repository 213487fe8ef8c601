import {
  addFileGroupBody,
  chunkAnswer,
  chunkStatusAnswer,
  chunkStatusQuery,
  chunkUploadFields,
  convertOfficeAnswer,
  convertOfficeBody,
  editFileGroupBody,
  fileAnswer,
  fileGroup,
  fileItem,
  fileManagerBody,
  idParam,
  okResult,
  ossUploadBody,
  pageOf,
  pictureUploadFields,
  posterUploadBody,
  problem,
  simpleUploadFields,
  uploadAnswer,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import { issueProblem } from '../../lib/zod-words.js';
import { multipartDoc } from '../../plugins/docs.js';
import { KEY_RE, tempDir } from '../../storage/adapter.js';
import { sweep as sweepDir } from '../../storage/chunks.js';
import { readFormFile } from '../../storage/form-file.js';
import { IMAGE_TOO_BIG, limits } from '../../storage/ingest.js';
import { MIME } from '../../storage/sniff.js';
import {
  addGroup,
  chunkUpload,
  convertOfficeToPdf,
  deleteGroup,
  editGroup,
  fileManager,
  listGroups,
  loadWatermark,
  ossUpload,
  posterUpload,
  storeCollected,
  uploadOwner,
  withMultipart,
} from './service.js';

const tags = ['files'];

/** Parses multipart fields with a contract schema; 400 names the field. */
function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const r = schema.safeParse(fields);
  if (!r.success) throw issueProblem(r.error.issues[0]);
  return r.data;
}

/** File calls under /api/fs (SPEC §7 "Files"); stored files are served at /api/fs/raw/<key>. */
export async function filesRoutes(app: FastifyInstance) {
  const store = app.chunks;
  // Abandoned chunk uploads and stray temporary files go after a day.
  const sweep = () =>
    Promise.all([store.cleanup(), sweepDir(tempDir(app.config), Date.now(), ['chunks'])]).catch((err) =>
      app.log.warn({ err }, 'temporary file cleanup failed'),
    );
  app.addHook('onReady', async () => {
    void sweep();
  });
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await store.close();
  });
  await app.register(groupRoutes);
  await app.register(uploadRoutes);
  await app.register(chunkRoutes);
  await app.register(rawRoutes);
}

/** File groups and the file manager's list. */
async function groupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/FileGroup/Add',
    { schema: { tags, summary: '新增素材分组', body: addFileGroupBody, response: { 200: fileGroup } } },
    async (req) => addGroup(app.db, req.ctx, req.body.name),
  );
  r.post(
    '/FileGroup/Edit',
    { schema: { tags, summary: '修改素材分组', body: editFileGroupBody, response: { 200: fileGroup } } },
    async (req) => editGroup(app.db, req.ctx, req.body.id, req.body.name),
  );
  r.delete(
    '/FileGroup/Delete/:id',
    { schema: { tags, summary: '删除素材分组（文件移到未分组）', params: idParam, response: { 200: okResult } } },
    async (req) => {
      await deleteGroup(app.db, req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
  r.get(
    '/FileGroup/All',
    { schema: { tags, summary: '全部素材分组', response: { 200: z.array(fileGroup) } } },
    async (req) => listGroups(app.db, req.ctx),
  );

  // ------------------------------------------------------------ library
  r.post(
    '/Files/FileManager',
    {
      config: { cacheReply: 'console' },
      schema: { tags, summary: '素材列表（每页15个）', body: fileManagerBody, response: { 200: pageOf(fileItem) } },
    },
    async (req) => fileManager(app.db, req.ctx, req.body),
  );
}

/** Single-request uploads: pictures, attachments, videos, OSS and posters. */
async function uploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/FilesOss/v2/PictureUpload',
    {
      schema: {
        tags,
        summary: '上传图片（字段Files，最多6张，jpg/png，小于1024Kb；水印、缩略图、质量）',
        ...multipartDoc(pictureUploadFields, 'Files'),
        response: { 200: uploadAnswer },
      },
    },
    async (req) =>
      withMultipart(app, req, limits(app.config).image, IMAGE_TOO_BIG, async (c) => {
        const f = parseFields(pictureUploadFields, c.fields);
        const watermark = f.IsEnableWaterMark ? await loadWatermark(app, req.ctx, f.WaterMarkUrl) : undefined;
        const files = await storeCollected(app, req.ctx, c, 'image', f.FileGroupId, {
          watermark,
          waterMarkWidth: f.WaterMarkWight,
          waterMarkHeight: f.WaterMarkHeight,
          waterMarkPoint: f.WaterMarkPoint,
          transparency: f.Transparency,
          quality: f.Quality,
          thumbWidth: f.ThumbnailImageWight,
          thumbHeight: f.ThumbnailImageHeight,
        });
        return { files };
      }),
  );

  // Attachments and videos: the files of field `file`, kept by kind (recognised from their content).
  const simple = [
    { url: '/Files/AttachmentUpload', kind: 'attachment', summary: '上传附件（按内容识别文档类型）' },
    { url: '/FilesOss/v2/VideoUpload', kind: 'video', summary: '上传视频（默认不超过50M）' },
  ] as const;
  for (const { url, kind, summary } of simple)
    r.post(
      url,
      { schema: { tags, summary, ...multipartDoc(simpleUploadFields, 'file'), response: { 200: uploadAnswer } } },
      async (req) => {
        const lim = limits(app.config);
        const [limit, tooBig] = kind === 'video' ? [lim.video, lim.videoMsg] : [lim.file, lim.fileMsg];
        return withMultipart(app, req, limit, tooBig, async (c) => {
          const f = parseFields(simpleUploadFields, c.fields);
          return { files: await storeCollected(app, req.ctx, c, kind, f.FileGroupId) };
        });
      },
    );

  r.post(
    '/Oss/OssUpload',
    {
      schema: {
        tags,
        summary: '从公网链接下载文件（仅http/https，拒绝内网地址）',
        body: ossUploadBody,
        response: { 200: fileAnswer },
      },
    },
    async (req) => ({ file: await ossUpload(app, req.ctx, req.body.url, req.body.FileGroupId) }),
  );

  r.post(
    '/Files/PosterUpload',
    {
      bodyLimit: 12 * 1024 * 1024,
      schema: { tags, summary: '上传海报（base64）', body: posterUploadBody, response: { 200: fileAnswer } },
    },
    async (req) => ({ file: await posterUpload(app, req.ctx, req.body.posterString, req.body.lastName) }),
  );
}

/** A part's form: the few short fields of chunkUploadFields, then the file. */
const CHUNK_FORM_LIMITS = { fields: 40, fieldBytes: 4096 };

/** Chunked uploads (parts, status) and the office-to-PDF preview. */
async function chunkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/Files/ChunkUpload',
    {
      schema: {
        tags,
        summary: '分片上传（2M一片，按顺序；带Start的分片可乱序；重复发送无害；每片可带Crc32校验）',
        description:
          '每片可带 Crc32（这一片字节的 CRC-32，8 位十六进制，放在文件字段之前）：字节不一致答 422（field Crc32），' +
          '这一片不计入，重发同一片即可继续。不带 Crc32 的分片不校验。Sha256（整个文件）不再需要；仍带时在文件完整后校验一次，' +
          '不一致答 422（field Sha256）。409：分片序号、起始位置、大小或 Total 与已上传部分不符；413：超过视频或文件大小上限；' +
          '429：不带 UploadId 开始新的上传时，本人未完成的上传已有 20 个（完成一个或一天后被清理即可再开始）。',
        ...multipartDoc(chunkUploadFields, 'file'),
        response: { 200: chunkAnswer, 409: problem, 413: problem, 422: problem, 429: problem },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请使用multipart/form-data上传文件', 'file');
      // A part's fields come before its bytes: a lean reader hands the bytes on as they arrive (storage/form-file.ts).
      const part = await readFormFile(req.raw, CHUNK_FORM_LIMITS);
      if (!part) throw badRequest('请选择文件', 'file');
      let f: z.output<typeof chunkUploadFields>;
      try {
        f = parseFields(chunkUploadFields, part.fields);
      } catch (e) {
        part.file.resume();
        throw e;
      }
      const answer = await chunkUpload(app, req.ctx, f, part.file);
      // Only the part that completes the upload stores a file: the parts before it leave the company's caches.
      req.wrote = answer.isComplete;
      return answer;
    },
  );

  r.get(
    '/Files/ChunkStatus',
    {
      schema: {
        tags,
        summary: '分片上传进度：下一片的序号（断点续传）',
        querystring: chunkStatusQuery,
        response: { 200: chunkStatusAnswer },
      },
    },
    async (req) => ({
      uploadId: req.query.uploadId,
      nextPartNumber: await app.chunks.nextPart(uploadOwner(req.ctx), req.query.uploadId),
    }),
  );

  r.post(
    '/FilesOss/v2/ConvertOfficeToPdf',
    {
      schema: {
        tags,
        summary: 'Office文档转PDF预览（未安装LibreOffice时503 预览不可用）',
        body: convertOfficeBody,
        response: { 200: convertOfficeAnswer },
      },
    },
    async (req) => ({ pdfUrl: await convertOfficeToPdf(app, req.ctx, req.body.fileId) }),
  );
}

/** Reading a stored file (Range requests). */
async function rawRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/raw/*',
    { config: { public: true }, schema: { tags, summary: '读取已存储的文件（支持Range）', hide: true } },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!KEY_RE.test(key)) throw notFound('文件不存在');
      const storage = app.storage;
      const ext = key.split('.').pop() ?? '';
      const mime = MIME[ext] ?? 'application/octet-stream';
      const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
      let range: { start: number; end?: number } | undefined;
      if (m && (m[1] || m[2])) {
        const size = await storage.size(key);
        if (size === undefined) throw notFound('文件不存在');
        const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
        const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
        if (start >= size || start > end) {
          return reply.status(416).header('content-range', `bytes */${size}`).send();
        }
        range = { start, end };
      }
      const opened = await storage.open(key, range);
      if (!opened) throw notFound('文件不存在');
      reply
        .header('content-type', mime)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        // A stored file's key is new for each file stored (a UUID) and never holds other bytes: a share page's
        // pictures and videos come from the visitor's cache on the next view.
        .header('cache-control', 'public, max-age=31536000, immutable');
      if (!/^(image|video)\//.test(mime) && ext !== 'pdf') {
        reply
          .header('content-disposition', 'attachment')
          .header('content-security-policy', "default-src 'none'; sandbox");
      }
      if (opened.range) {
        reply
          .status(206)
          .header('content-range', `bytes ${opened.range.start}-${opened.range.end}/${opened.size}`)
          .header('content-length', opened.range.end - opened.range.start + 1);
      } else {
        reply.header('content-length', opened.size);
      }
      return reply.send(opened.stream);
    },
  );
}
