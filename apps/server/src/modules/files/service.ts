import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  type ChunkAnswer,
  type chunkUploadFields,
  FILE_TYPE,
  type FileItem,
  type fileManagerBody,
  type Page,
  UPLOAD_MAX_FILES,
} from '@huoke/contracts';
import { count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { fileGroups, files } from '../../db/schema/index.js';
import type { CrossCopyLock } from '../../lib/advisory-lock.js';
import { badRequest, conflict, forbidden, HttpError, notFound, tooMany } from '../../lib/errors.js';
import { containing } from '../../lib/like.js';
import { literalLimit, prepared } from '../../lib/prepared.js';
import { multipartProblem } from '../../lib/request-body.js';
import type { SharedRateLimiter } from '../../lib/shared-rate-limit.js';
import { type Ctx, inCompany, isAdmin, ownedOr404 } from '../../lib/tenancy.js';
import { keyOfUrl, newKey, readStored, S3Storage, type Storage, tempDir, urlOf } from '../../storage/adapter.js';
import { ChunkStore, MAX_OPEN_UPLOADS, newUploadId, UploadCompleting } from '../../storage/chunks.js';
import { type Expect, IMAGE_TOO_BIG, type ImageOptions, ingest, limits } from '../../storage/ingest.js';
import { fetchPublicUrl, parseAllowHosts } from '../../storage/net.js';
import { S3ChunkStore } from '../../storage/s3-chunks.js';
import { claimedExt, displayName, MIME, OFFICE_EXTS } from '../../storage/sniff.js';
import { newTempPath, streamToTemp, type TempFile, tooLarge } from '../../storage/temp.js';
import { officeToPdf } from '../../storage/tools.js';

type FileRow = typeof files.$inferSelect;

function toFileItem(r: FileRow): FileItem {
  const url = urlOf(r.storageKey);
  return {
    id: r.id,
    oldFileName: r.originalName,
    coverFileName: r.coverKey ? urlOf(r.coverKey) : r.fileType === FILE_TYPE.image ? url : '',
    url,
    fileGroupId: r.fileGroupId,
    fileType: r.fileType as FileItem['fileType'],
    ext: r.ext,
    mime: r.mime,
    size: r.size,
    width: r.width,
    height: r.height,
    createTime: r.createdAt.toISOString(),
    isChecked: false,
  };
}

// ---------------------------------------------------------------- groups

/** The caller may rename or delete a group they created, or any group as an administrator. */
const groupCanEdit = (ctx: Ctx) =>
  isAdmin(ctx) ? sql<boolean>`true` : sql<boolean>`${fileGroups.createdBy} = ${ctx.userId}`;

const groupOut = (ctx: Ctx) => ({ id: fileGroups.id, name: fileGroups.name, canEdit: groupCanEdit(ctx) });

export async function listGroups(db: DbOrTx, ctx: Ctx) {
  return db.select(groupOut(ctx)).from(fileGroups).where(inCompany(ctx, fileGroups)).orderBy(fileGroups.id);
}

async function groupOr404(db: DbOrTx, ctx: Ctx, id: number) {
  const [g] = await db
    .select({ id: fileGroups.id })
    .from(fileGroups)
    .where(inCompany(ctx, fileGroups, eq(fileGroups.id, id)));
  return ownedOr404(g, '分组不存在');
}

/** The group, for a change: 404 outside the company, 403 for a member who neither created it nor administers. */
async function editableGroup(db: DbOrTx, ctx: Ctx, id: number) {
  const [g] = await db
    .select(groupOut(ctx))
    .from(fileGroups)
    .where(inCompany(ctx, fileGroups, eq(fileGroups.id, id)));
  const found = ownedOr404(g, '分组不存在');
  if (!found.canEdit) throw forbidden('只有创建者或管理员可以修改此分组');
  return found;
}

export async function addGroup(db: DbOrTx, ctx: Ctx, name: string) {
  const [g] = await db
    .insert(fileGroups)
    .values({ companyId: ctx.companyId, name, createdBy: ctx.userId })
    .returning({ id: fileGroups.id, name: fileGroups.name });
  return { ...g, canEdit: true };
}

export async function editGroup(db: DbOrTx, ctx: Ctx, id: number, name: string) {
  await editableGroup(db, ctx, id);
  const [g] = await db
    .update(fileGroups)
    .set({ name })
    .where(inCompany(ctx, fileGroups, eq(fileGroups.id, id)))
    .returning({ id: fileGroups.id, name: fileGroups.name });
  return { ...ownedOr404(g, '分组不存在'), canEdit: true };
}

/** Deletes a group; its files move to no group (nothing is lost). */
export async function deleteGroup(db: DbOrTx, ctx: Ctx, id: number) {
  await editableGroup(db, ctx, id);
  await db.transaction(async (tx) => {
    await tx
      .update(files)
      .set({ fileGroupId: null })
      .where(inCompany(ctx, files, eq(files.fileGroupId, id)));
    await tx.delete(fileGroups).where(inCompany(ctx, fileGroups, eq(fileGroups.id, id)));
  });
}

// ---------------------------------------------------------------- files

export async function fileManager(db: DbOrTx, ctx: Ctx, q: z.output<typeof fileManagerBody>): Promise<Page<FileItem>> {
  const offset = (q.pageIndex - 1) * q.pageSize;
  if (!q.ungrouped && !q.fileGroupId && !q.fileType && !q.keyword) {
    // The library's default view (every file, newest first): prepared once.
    const where = eq(files.companyId, sql.placeholder('companyId'));
    // The first page is planned once, its page size in the text (literalLimit); later pages by offset per call.
    const first = offset === 0;
    const newest = (d: DbOrTx) => d.select().from(files).where(where).orderBy(desc(files.createdAt), desc(files.id));
    const [rows, [{ n }]] = await Promise.all([
      prepared(db, `file_page_all${first ? `_first_${q.pageSize}` : ''}`, (d, name) =>
        first
          ? newest(d).limit(literalLimit(q.pageSize)).prepare(name)
          : newest(d).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name),
      ).execute({ companyId: ctx.companyId, limit: q.pageSize, offset }),
      prepared(db, 'file_total_all', (d, name) =>
        d.select({ n: count() }).from(files).where(where).prepare(name),
      ).execute({ companyId: ctx.companyId }),
    ]);
    return { data: rows.map(toFileItem), totalCount: n, pageIndex: q.pageIndex };
  }
  // Another company's group answers 404, as every foreign id does.
  if (q.fileGroupId && !q.ungrouped) await groupOr404(db, ctx, q.fileGroupId);
  const where = inCompany(
    ctx,
    files,
    q.ungrouped ? isNull(files.fileGroupId) : q.fileGroupId ? eq(files.fileGroupId, q.fileGroupId) : undefined,
    q.fileType ? eq(files.fileType, q.fileType) : undefined,
    q.keyword ? ilike(files.originalName, containing(q.keyword)) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(q.pageSize)
      .offset(offset),
    db.select({ n: count() }).from(files).where(where),
  ]);
  return { data: rows.map(toFileItem), totalCount: n, pageIndex: q.pageIndex };
}

async function fileOr404(db: DbOrTx, ctx: Pick<Ctx, 'companyId'>, id: number): Promise<FileRow> {
  const [r] = await db
    .select()
    .from(files)
    .where(inCompany(ctx, files, eq(files.id, id)));
  return ownedOr404(r, '文件不存在');
}

async function insertFile(
  db: DbOrTx,
  ctx: Ctx,
  stored: Awaited<ReturnType<typeof ingest>>,
  originalName: string,
  groupId: number | undefined,
): Promise<FileItem> {
  const [row] = await db
    .insert(files)
    .values({
      companyId: ctx.companyId,
      uploadedBy: ctx.userId,
      fileGroupId: groupId ?? null,
      fileType: stored.fileType,
      storageKey: stored.storageKey,
      coverKey: stored.coverKey,
      originalName: displayName(originalName),
      ext: stored.ext,
      mime: stored.mime,
      size: stored.size,
      width: stored.width,
      height: stored.height,
      sha256: stored.sha256,
    })
    .returning();
  return toFileItem(row);
}

/** Checks the group (404 for another company's), stores the temporary file and records it. */
async function storeTemp(
  app: FastifyInstance,
  ctx: Ctx,
  temp: TempFile,
  originalName: string,
  expect: Expect,
  groupId: number | undefined,
  image?: ImageOptions,
): Promise<FileItem> {
  if (groupId)
    await groupOr404(app.db, ctx, groupId).catch(async (e) => {
      await rm(temp.path, { force: true });
      throw e;
    });
  const stored = await ingest(app.config, app.storage, ctx.companyId, temp, originalName, expect, image);
  try {
    return await insertFile(app.db, ctx, stored, originalName, groupId);
  } catch (e) {
    // Not recorded, so never listed, served or swept: its stored objects go with the failed call.
    await Promise.all(
      [stored.storageKey, stored.coverKey].flatMap((key) => (key ? [app.storage.remove(key).catch(() => {})] : [])),
    );
    throw e;
  }
}

// ---------------------------------------------------------------- multipart

interface Collected {
  fields: Record<string, string>;
  files: { field: string; name: string; temp: TempFile }[];
}

/**
 * Reads a multipart request: file parts are streamed to temporary files (at most `limit` bytes each),
 * fields are collected whatever their order. Temporary files are removed on any error.
 */
async function collectMultipart(
  app: FastifyInstance,
  req: FastifyRequest,
  limit: number,
  tooBig: string,
  maxFiles = UPLOAD_MAX_FILES,
): Promise<Collected> {
  if (!req.isMultipart()) throw badRequest('请使用multipart/form-data上传文件', 'file');
  const out: Collected = { fields: {}, files: [] };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (out.files.length >= maxFiles) {
          part.file.resume();
          throw badRequest(`最多只能选择${maxFiles}张图片`, part.fieldname);
        }
        const temp = await streamToTemp(part.file, tempDir(app.config), limit, tooBig);
        out.files.push({ field: part.fieldname, name: part.filename ?? '', temp });
      } else {
        out.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    await Promise.all(out.files.map((f) => rm(f.temp.path, { force: true })));
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(`最多只能选择${maxFiles}张图片`, 'Files');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('请使用multipart/form-data上传文件', 'file');
    throw multipartProblem(e) ?? e;
  }
  return out;
}

/** Reads a multipart request (`collectMultipart`) and hands it to `use`; its temporary files go afterwards, always. */
export async function withMultipart<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  limit: number,
  tooBig: string,
  use: (c: Collected) => Promise<T>,
): Promise<T> {
  const c = await collectMultipart(app, req, limit, tooBig);
  try {
    return await use(c);
  } finally {
    await Promise.all(c.files.map((f) => rm(f.temp.path, { force: true })));
  }
}

/** Stores every collected file (inside `withMultipart`, which removes the temporary files). */
export async function storeCollected(
  app: FastifyInstance,
  ctx: Ctx,
  c: Collected,
  expect: Expect,
  groupId: number | undefined,
  image?: ImageOptions,
): Promise<FileItem[]> {
  if (!c.files.length) throw badRequest('请选择文件', expect === 'image' ? 'Files' : 'file');
  const out: FileItem[] = [];
  for (const f of c.files) out.push(await storeTemp(app, ctx, f.temp, f.name, expect, groupId, image));
  return out;
}

/** The watermark of PictureUpload: a stored image of the caller's company. */
export async function loadWatermark(
  app: FastifyInstance,
  ctx: Ctx,
  url: string | undefined,
): Promise<Buffer | undefined> {
  if (!url) throw badRequest('请设置水印图片', 'WaterMarkUrl');
  const key = keyOfUrl(url);
  if (!key) throw badRequest('水印图片必须是已上传的图片', 'WaterMarkUrl');
  const [row] = await app.db
    .select()
    .from(files)
    .where(inCompany(ctx, files, eq(files.storageKey, key)));
  if (!row || row.fileType !== FILE_TYPE.image) throw notFound('水印图片不存在');
  const bytes = await readStored(app.storage, key);
  if (!bytes) throw notFound('水印图片不存在');
  return bytes;
}

// ---------------------------------------------------------------- other uploads

export async function ossUpload(app: FastifyInstance, ctx: Ctx, url: string, groupId: number | undefined) {
  if (groupId) await groupOr404(app.db, ctx, groupId);
  const lim = limits(app.config);
  const temp = await fetchPublicUrl(url, {
    dir: tempDir(app.config),
    limit: Math.max(lim.file, lim.video),
    tooBig: lim.fileMsg,
    allow: parseAllowHosts(app.config.FETCH_ALLOW_HOSTS),
  });
  // A URL's last segment often has no real extension (…/image.php): then the content alone decides.
  const name = MIME[claimedExt(temp.name)] ? temp.name : temp.name.replace(/\.[^.]*$/, '');
  return storeTemp(app, ctx, temp, name, 'any', groupId);
}

export async function posterUpload(app: FastifyInstance, ctx: Ctx, posterString: string, lastName: string) {
  const b64 = posterString.replace(/^data:image\/[a-z]+;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw badRequest('海报数据无效', 'posterString');
  const buf = Buffer.from(b64, 'base64');
  const lim = limits(app.config);
  if (buf.length > lim.file) throw tooLarge(lim.fileMsg);
  const path = await newTempPath(tempDir(app.config));
  await writeFile(path, buf);
  const temp = { path, size: buf.length, sha256: createHash('sha256').update(buf).digest('hex') };
  // Posters may exceed the 1024 KB picture limit: they are stored as attachments of image type.
  return storeTemp(app, ctx, temp, `poster${lastName}`, 'any', undefined).catch((e) => {
    if (e instanceof HttpError && e.detail === IMAGE_TOO_BIG) throw tooLarge(lim.fileMsg);
    throw e;
  });
}

// ---------------------------------------------------------------- chunked upload

/**
 * Where the parts of chunked uploads wait: with STORAGE=s3 in the bucket (any copy may take the next part), else in
 * DATA_DIR/tmp/chunks (one host). Built once per app, in app.ts: `app.chunks`.
 */
/** `crossCopy`: other server copies may share DATA_DIR (PostgreSQL): each upload's parts are taken one at a time. */
export function buildChunkStore(
  storage: Storage,
  config: Config,
  limiter: SharedRateLimiter,
  crossCopy?: CrossCopyLock,
): ChunkStore | S3ChunkStore {
  return storage instanceof S3Storage
    ? new S3ChunkStore(storage.s3, join(tempDir(config), 'parts'), limiter)
    : new ChunkStore(join(tempDir(config), 'chunks'), undefined, crossCopy);
}

/**
 * Whose a chunked upload is; the stores name its folder `<owner>-<uploadId>`. The owner is two numbers each ended by
 * a character no number holds (`-c`, `-`), so no other owner with any id (which may hold `-`) names the same folder:
 * keep it numbers only (files.test: ids 2 and 23). The person comes first, so that `uploadPerson` is the prefix of
 * all their uploads in every company (MAX_OPEN_UPLOADS is a person's, whichever company they upload to).
 */
export const uploadOwner = (ctx: Ctx) => `u${ctx.userId}-c${ctx.companyId}`;
const uploadPerson = (ctx: Ctx) => `u${ctx.userId}`;

/**
 * What a chunked upload must hold, from its VideoFileType: the file manager sends 'attachment' (any document type of
 * SPEC §3, up to MAX_FILE_MB, checked by content), a video picker a video type; none: whatever the content is.
 */
function chunkExpect(videoFileType: string | undefined): Expect {
  const t = videoFileType?.trim().toLowerCase();
  if (!t) return 'any';
  if (t === 'attachment' || t === 'document' || t === 'file') return 'attachment';
  return 'video';
}

/**
 * One part of a chunked upload. A part that carries its CRC-32 (Crc32) is checked by the store as it is written and
 * refused with 422 when its bytes differ; Sha256 (the whole file's) is no longer needed, and checked once the file is
 * whole when a client still sends it.
 */
export async function chunkUpload(
  app: FastifyInstance,
  ctx: Ctx,
  f: z.output<typeof chunkUploadFields>,
  stream: Readable,
): Promise<ChunkAnswer> {
  // A part without UploadId starts a new upload under a fresh random id; every later part and ChunkStatus name it.
  const create = f.UploadId === undefined;
  const uploadId = f.UploadId ?? newUploadId();
  if (f.FileGroupId) {
    try {
      await groupOr404(app.db, ctx, f.FileGroupId);
    } catch (e) {
      stream.resume();
      throw e;
    }
  }
  const owner = uploadOwner(ctx);
  if (create && (await app.chunks.openUploads(uploadPerson(ctx))) >= MAX_OPEN_UPLOADS) {
    stream.resume();
    throw tooMany(`未完成的上传过多（最多${MAX_OPEN_UPLOADS}个），请先完成或等待之前的上传`);
  }
  const done = create ? undefined : await app.chunks.done(owner, uploadId);
  if (done) {
    // Already assembled (the answer to the last part was lost): answer it again.
    stream.resume();
    const again = await doneAnswer(app, ctx, uploadId, done);
    if (again) return again;
  }
  const lim = limits(app.config);
  const limit = Math.max(lim.video, lim.file);
  const msg = lim.video >= lim.file ? lim.videoMsg : lim.fileMsg;
  let res: Awaited<ReturnType<typeof app.chunks.put>>;
  try {
    res = await app.chunks.put(
      owner,
      {
        uploadId,
        fileName: f.FileName,
        partNumber: f.PartNumber,
        chunks: f.Chunks,
        total: f.Total,
        size: f.Size,
        start: f.Start,
        crc32: f.Crc32 === undefined ? undefined : Number.parseInt(f.Crc32, 16),
        sha256: f.Sha256,
      },
      stream,
      { limit, tooBig: msg, create },
    );
  } catch (e) {
    if (!(e instanceof UploadCompleting)) throw e;
    // The same last part, sent twice (a retry, or to two copies): answer the file the first one stores.
    const finished = await waitFor(() => app.chunks.done(owner, uploadId), COMPLETING_WAIT_MS);
    const again = finished && (await doneAnswer(app, ctx, uploadId, finished));
    if (again) return again;
    throw conflict('文件正在合并，请稍后查询上传进度', 'PartNumber');
  }
  if (!res.complete) {
    const done = res.nextPart > f.Chunks;
    return { uploadId, isComplete: false, isContinue: !done, nextPartNumber: res.nextPart, newFileName: '' };
  }
  const expect = chunkExpect(f.VideoFileType);
  let file: Awaited<ReturnType<typeof storeTemp>>;
  try {
    file = await storeTemp(app, ctx, res.temp, res.fileName, expect, f.FileGroupId);
  } catch (e) {
    await app.chunks.abandon(owner, uploadId);
    throw e;
  }
  await app.chunks.markDone(owner, uploadId, { fileId: file.id, chunks: f.Chunks });
  return { uploadId, isComplete: true, isContinue: false, nextPartNumber: f.Chunks + 1, newFileName: file.url, file };
}

const COMPLETING_WAIT_MS = 15_000;

/** The answer for an upload already stored as file `done.fileId` (undefined if the file is gone since). */
async function doneAnswer(
  app: FastifyInstance,
  ctx: Ctx,
  uploadId: string,
  done: { fileId: number; chunks: number },
): Promise<ChunkAnswer | undefined> {
  const [row] = await app.db
    .select()
    .from(files)
    .where(inCompany(ctx, files, eq(files.id, done.fileId)));
  if (!row) return undefined;
  const file = toFileItem(row);
  return {
    uploadId,
    isComplete: true,
    isContinue: false,
    nextPartNumber: done.chunks + 1,
    newFileName: file.url,
    file,
  };
}

/** Asks `check` every 50 ms until it answers something or `ms` have passed. */
async function waitFor<T>(check: () => Promise<T | undefined>, ms: number): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined || Date.now() >= end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// ---------------------------------------------------------------- office preview

const previewUnavailable = () => new HttpError(503, 'Service Unavailable', '预览不可用');

/** Converts an office document to PDF once (stored beside it); PDFs answer themselves. */
export async function convertOfficeToPdf(app: FastifyInstance, ctx: Ctx, fileId: number): Promise<string> {
  const row = await fileOr404(app.db, ctx, fileId);
  if (row.ext === 'pdf') return urlOf(row.storageKey);
  if (row.pdfKey) return urlOf(row.pdfKey);
  if (!OFFICE_EXTS.includes(row.ext)) throw badRequest('该文件不是Office文档', 'fileId');
  const storage: Storage = app.storage;
  const { path, cleanup } = await storage.localCopy(row.storageKey);
  try {
    const pdf = await officeToPdf(path, join(tempDir(app.config), 'office'));
    if (!pdf) throw previewUnavailable();
    const pdfKey = newKey(ctx.companyId, 'pdf', 'pdf');
    await storage.putFile(pdfKey, pdf, 'application/pdf');
    await rm(join(pdf, '..'), { recursive: true, force: true });
    await app.db
      .update(files)
      .set({ pdfKey })
      .where(inCompany(ctx, files, eq(files.id, row.id)));
    return urlOf(pdfKey);
  } finally {
    await cleanup();
  }
}
