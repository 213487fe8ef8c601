import {
  type createVideoBody,
  FILE_TYPE,
  type Page,
  type updateVideoBody,
  type VideoItem,
  type videoPageQuery,
} from '@huoke/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { contentTypes, files, users, videos } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { canEdit, canSee, checkContentType, fileOf, libraryEdits, libraryWhere } from '../../lib/library.js';
import { readPage } from '../../lib/paging.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { urlOf } from '../../storage/adapter.js';

const columns = { video: videos, authorName: users.name, typeName: contentTypes.name, storageKey: files.storageKey };
type Row = {
  video: typeof videos.$inferSelect;
  authorName: string | null;
  typeName: string | null;
  storageKey: string;
};

const edits = libraryEdits(videos, '视频');

function toItem(ctx: Ctx, r: Row): VideoItem {
  return {
    id: r.video.id,
    title: r.video.title,
    videoPicUrl: r.video.videoPicUrl,
    sstTypeString: r.typeName ?? '',
    wjtVideoTypeId: r.video.typeId,
    createBy: r.authorName ?? '',
    authorId: r.video.authorId,
    createTime: r.video.createdAt.toISOString(),
    fileId: r.video.fileId,
    fileUrl: urlOf(r.storageKey),
    description: r.video.description,
    isEnterprise: r.video.isEnterprise,
    canEdit: canEdit(ctx, r.video.authorId),
  };
}

const base = (db: DbOrTx) =>
  db
    .select(columns)
    .from(videos)
    .innerJoin(files, fileOf(videos))
    .leftJoin(users, eq(users.id, videos.authorId))
    .leftJoin(contentTypes, and(eq(contentTypes.companyId, videos.companyId), eq(contentTypes.id, videos.typeId)));

/** GetPageDataAsync: typeValue 1 the company's enterprise videos, 2 the caller's own; deleted ones never. */
export async function pageData(db: DbOrTx, ctx: Ctx, q: z.output<typeof videoPageQuery>): Promise<Page<VideoItem>> {
  const where = libraryWhere(ctx, videos, q, q.wjtVideoTypeId);
  const newest = base(db).where(where).orderBy(desc(videos.createdAt), desc(videos.id)).$dynamic();
  const { rows, totalCount } = await readPage(db, newest, videos, where, q);
  return { data: rows.map((r) => toItem(ctx, r)), totalCount, pageIndex: q.pageIndex };
}

const checkType = (db: DbOrTx, ctx: Ctx, typeId: number | null | undefined) =>
  checkContentType(db, ctx, 'video', typeId, { message: '视频分类不存在', field: 'wjtVideoTypeId' });

const SAFE_URL = /^(https?:\/\/[^\s"'<>]+|\/api\/fs\/raw\/[\w./-]+)$/i;
function checkCover(url: string | undefined) {
  if (url && !SAFE_URL.test(url)) throw badRequest('封面图片地址无效', 'videoPicUrl');
}

export async function getVideo(db: DbOrTx, ctx: Ctx, id: number): Promise<VideoItem> {
  const [r] = await base(db).where(inCompany(ctx, videos, eq(videos.id, id), isNull(videos.deletedAt)));
  if (!r || !canSee(ctx, r.video.isEnterprise, r.video.authorId)) throw notFound('视频不存在');
  return toItem(ctx, r);
}

/** Create: a video file of the company; the cover is the uploaded one, else ffmpeg's frame taken at upload. */
export async function createVideo(db: DbOrTx, ctx: Ctx, b: z.output<typeof createVideoBody>) {
  checkCover(b.videoPicUrl);
  await checkType(db, ctx, b.wjtVideoTypeId);
  const [f] = await db
    .select()
    .from(files)
    .where(inCompany(ctx, files, eq(files.id, b.fileId)));
  if (!f) throw notFound('文件不存在');
  if (f.fileType !== FILE_TYPE.video) throw badRequest('只能选择视频文件', 'fileId');
  const [r] = await db
    .insert(videos)
    .values({
      companyId: ctx.companyId,
      authorId: ctx.userId,
      fileId: f.id,
      typeId: b.wjtVideoTypeId ?? null,
      title: b.title,
      videoPicUrl: b.videoPicUrl || (f.coverKey ? urlOf(f.coverKey) : ''),
      description: b.description,
      isEnterprise: b.isEnterprise,
    })
    .returning({ id: videos.id });
  return getVideo(db, ctx, r.id);
}

export async function updateVideo(db: DbOrTx, ctx: Ctx, b: z.output<typeof updateVideoBody>) {
  await edits.editable(db, ctx, b.id, true);
  checkCover(b.videoPicUrl);
  await checkType(db, ctx, b.wjtVideoTypeId);
  await db
    .update(videos)
    .set({
      title: b.title,
      ...(b.videoPicUrl !== undefined ? { videoPicUrl: b.videoPicUrl } : {}),
      ...(b.wjtVideoTypeId !== undefined ? { typeId: b.wjtVideoTypeId } : {}),
      ...(b.description !== undefined ? { description: b.description } : {}),
    })
    .where(inCompany(ctx, videos, eq(videos.id, b.id)));
  return getVideo(db, ctx, b.id);
}

export const { deleteSoft, setEnterprise } = edits;
