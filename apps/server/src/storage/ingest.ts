/** Checks an uploaded temporary file by its content, applies the limits of SPEC §5/§9, and moves it into storage. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { FILE_TYPE, type FileType, IMAGE_MAX_KB, VIDEO_TYPES } from '@huoke/contracts';
import sharp from 'sharp';
import type { Config } from '../config.js';
import { badRequest } from '../lib/errors.js';
import { newKey, type Storage, siblingKey, tempDir } from './adapter.js';
import { claimedExt, DOCUMENT_EXTS, sniffFile } from './sniff.js';
import { newTempPath, type TempFile, tooLarge } from './temp.js';
import { videoCover } from './tools.js';

const MB = 1024 * 1024;
export const IMAGE_TOO_BIG = '图片大小不能超过1024Kb!';
const ONLY_IMAGES = '只能上传jpg/png格式的图片';
const NOT_ACCEPTED = '不支持的文件类型';
const MISMATCH = '文件内容与扩展名不符';

export const limits = (c: Config) => ({
  image: IMAGE_MAX_KB * 1024,
  video: c.MAX_VIDEO_MB * MB,
  file: c.MAX_FILE_MB * MB,
  videoMsg: `视频大小不能超过${c.MAX_VIDEO_MB}M`,
  fileMsg: `文件大小不能超过${c.MAX_FILE_MB}M`,
});

export interface Stored {
  storageKey: string;
  coverKey: string | null;
  ext: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  fileType: FileType;
  /** Hex SHA-256 of the received bytes, or '' when it was not computed (a chunked upload without Sha256). */
  sha256: string;
}

export type Expect = 'image' | 'video' | 'attachment' | 'any';

/** Image options of PictureUpload (SPEC §7). */
export interface ImageOptions {
  watermark?: Buffer;
  waterMarkWidth: number;
  waterMarkHeight: number;
  waterMarkPoint: number;
  transparency: number;
  quality: number;
  thumbWidth: number;
  thumbHeight: number;
}

const GRAVITY: Record<number, string> = { 1: 'northwest', 2: 'northeast', 3: 'southwest', 4: 'southeast', 5: 'centre' };

/** Applies watermark and quality to a JPEG/PNG and makes its thumbnail. */
async function processImage(
  input: Buffer,
  format: 'jpeg' | 'png',
  o: ImageOptions,
): Promise<{ data: Buffer; thumb: Buffer; width: number; height: number }> {
  const meta = await sharp(input).metadata();
  let data = input;
  if (o.watermark || o.quality > 0) {
    let img = sharp(input).rotate();
    if (o.watermark) {
      const maxW = Math.max(1, Math.floor((meta.width ?? 1) / 2));
      const maxH = Math.max(1, Math.floor((meta.height ?? 1) / 2));
      const wmW = Math.min(o.waterMarkWidth || maxW, meta.width ?? maxW);
      const wmH = Math.min(o.waterMarkHeight || maxH, meta.height ?? maxH);
      const opacity = 1 - Math.min(100, Math.max(0, o.transparency)) / 100;
      const { data: px, info } = await sharp(o.watermark)
        .resize(wmW, wmH, { fit: 'inside', withoutEnlargement: true })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (let i = 3; i < px.length; i += 4) px[i] = Math.round(px[i] * opacity);
      const wm = await sharp(px, { raw: { width: info.width, height: info.height, channels: 4 } })
        .png()
        .toBuffer();
      img = sharp(await img.toBuffer()).composite([{ input: wm, gravity: GRAVITY[o.waterMarkPoint] ?? 'southeast' }]);
    }
    // Quality is 1–100, or a fraction (0.92 of SPEC §9) when at most 1.
    const q = o.quality <= 0 ? 92 : o.quality <= 1 ? Math.max(1, Math.round(o.quality * 100)) : Math.round(o.quality);
    data = format === 'jpeg' ? await img.jpeg({ quality: q }).toBuffer() : await img.png().toBuffer();
  }
  const tw = o.thumbWidth || (o.thumbHeight ? undefined : 300);
  const th = o.thumbHeight || undefined;
  const thumb = await sharp(data)
    .rotate()
    .resize(tw, th, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { data, thumb, width: meta.width ?? 0, height: meta.height ?? 0 };
}

type Sniffed = NonNullable<Awaited<ReturnType<typeof sniffFile>>>;

/**
 * What the file is by its content, checked against what the upload expects, the name it came with and the limits
 * of its kind: its file type, or a 400/413 naming the field.
 */
function acceptedType(
  sniffed: Sniffed | undefined,
  expect: Expect,
  originalName: string,
  size: number,
  lim: ReturnType<typeof limits>,
): { sniffed: Sniffed; fileType: FileType } {
  if (expect === 'image') {
    if (!sniffed || (sniffed.ext !== 'jpg' && sniffed.ext !== 'png')) throw badRequest(ONLY_IMAGES, 'Files');
  } else if (expect === 'video') {
    if (sniffed?.kind !== 'video') throw badRequest('只能上传视频文件', 'file');
  } else if (!sniffed) {
    throw badRequest(NOT_ACCEPTED, 'file');
  }
  if (expect === 'attachment' && !DOCUMENT_EXTS.includes(sniffed.ext)) throw badRequest(NOT_ACCEPTED, 'file');
  if (expect === 'attachment' || expect === 'any') {
    const claimed = claimedExt(originalName);
    const bothVideo = sniffed.kind === 'video' && VIDEO_TYPES.includes(claimed as (typeof VIDEO_TYPES)[number]);
    if (claimed && claimed !== sniffed.ext && !bothVideo) throw badRequest(MISMATCH, 'file');
  }
  const fileType: FileType =
    expect === 'attachment'
      ? FILE_TYPE.attachment
      : sniffed.kind === 'video'
        ? FILE_TYPE.video
        : sniffed.kind === 'image'
          ? FILE_TYPE.image
          : FILE_TYPE.attachment;
  if (fileType === FILE_TYPE.image && size >= lim.image) throw tooLarge(IMAGE_TOO_BIG);
  if (fileType === FILE_TYPE.video && size > lim.video) throw tooLarge(lim.videoMsg);
  if (fileType === FILE_TYPE.attachment && size > lim.file) throw tooLarge(lim.fileMsg);
  return { sniffed, fileType };
}

/**
 * An uploaded picture as it is kept: decoded (only JPEG and PNG pass), watermarked and recompressed as asked (the
 * temporary file is rewritten when that changed it), with its thumbnail stored beside it.
 */
async function keptImage(storage: Storage, temp: TempFile, key: string, image: ImageOptions | undefined) {
  const buf = await readFile(temp.path);
  const meta = await sharp(buf)
    .metadata()
    .catch(() => null);
  if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png')) throw badRequest(ONLY_IMAGES, 'Files');
  const out = await processImage(buf, meta.format, {
    waterMarkWidth: 0,
    waterMarkHeight: 0,
    waterMarkPoint: 4,
    transparency: 50,
    quality: 0,
    thumbWidth: 0,
    thumbHeight: 0,
    ...image,
  }).catch((e) => {
    if (e instanceof Error && 'status' in e) throw e;
    throw badRequest(ONLY_IMAGES, 'Files');
  });
  let size = temp.size;
  if (out.data !== buf) {
    await writeFile(temp.path, out.data);
    size = out.data.length;
  }
  const coverKey = siblingKey(key, 't', 'jpg');
  await storage.putBuffer(coverKey, out.thumb, 'image/jpeg');
  return { width: out.width, height: out.height, size, coverKey };
}

/**
 * Recognises `temp` by content, checks it against `expect` and the limits, and stores it under a generated key.
 * The temporary file is always consumed (moved or removed).
 */
export async function ingest(
  config: Config,
  storage: Storage,
  companyId: number,
  temp: TempFile,
  originalName: string,
  expect: Expect,
  image?: ImageOptions,
): Promise<Stored> {
  try {
    const found = await sniffFile(temp.path, temp.size);
    const { sniffed, fileType } = acceptedType(found, expect, originalName, temp.size, limits(config));
    const key = newKey(companyId, sniffed.ext);
    const kept =
      sniffed.kind === 'image'
        ? await keptImage(storage, temp, key, image)
        : { width: null, height: null, size: temp.size, coverKey: null as string | null };
    await storage.putFile(key, temp.path, sniffed.mime);
    const coverKey = sniffed.kind === 'video' ? await makeVideoCover(config, storage, key) : kept.coverKey;
    return {
      storageKey: key,
      coverKey,
      ext: sniffed.ext,
      mime: sniffed.mime,
      size: kept.size,
      width: kept.width,
      height: kept.height,
      fileType,
      sha256: temp.sha256 ?? '',
    };
  } finally {
    await rm(temp.path, { force: true });
  }
}

/** ffmpeg's frame as the video's cover key, or null when ffmpeg is not installed or fails. */
async function makeVideoCover(config: Config, storage: Storage, key: string): Promise<string | null> {
  const { path, cleanup } = await storage.localCopy(key);
  const out = await newTempPath(tempDir(config), 'jpg');
  try {
    if (!(await videoCover(path, out))) return null;
    const coverKey = siblingKey(key, 'c', 'jpg');
    await storage.putBuffer(coverKey, await readFile(out), 'image/jpeg');
    return coverKey;
  } finally {
    await cleanup();
    await rm(out, { force: true });
  }
}
