import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { appForFile, createTestApp, ownDataDir } from '../../../test/app.js';
import { memberships, users } from '../../db/schema/index.js';
import { chunkPart, docx, exe, jpeg, mp4, multipart, pdf, png } from '../../storage/testing.js';

// Its own data folder: a test compares the stored files before and after an upload that fails.
const {
  t,
  tokens: [admin, staff, other],
} = await appForFile(['admin', 'staff1', 'badmin'], { DATA_DIR: await ownDataDir() });

const post = (token: string, url: string, payload: unknown) =>
  t.call(token, { method: 'POST', url, payload: payload as object });
const upload = (token: string, url: string, parts: Parameters<typeof multipart>[0]) => {
  const m = multipart(parts);
  return t.call(token, { method: 'POST', url, payload: m.payload, headers: m.headers });
};

describe('file groups', () => {
  it('adds, edits, lists and deletes a group; its files move to no group', async () => {
    const add = await post(admin, '/api/fs/FileGroup/Add', { name: '产品图' });
    expect(add.statusCode).toBe(200);
    const g = add.json();
    expect(g.name).toBe('产品图');
    const edit = await post(admin, '/api/fs/FileGroup/Edit', { id: g.id, name: '产品图片' });
    expect(edit.json().name).toBe('产品图片');
    const all = await t.call(staff, { method: 'GET', url: '/api/fs/FileGroup/All' });
    // staff1 files into it, but may not change the administrator's group.
    expect(all.json()).toContainEqual({ id: g.id, name: '产品图片', canEdit: false });

    const up = await upload(admin, '/api/fs/FilesOss/v2/PictureUpload', [
      { name: 'FileGroupId', value: String(g.id) },
      { name: 'Files', value: await png(), filename: 'a.png', type: 'image/png' },
    ]);
    expect(up.statusCode).toBe(200);
    const fileId = up.json().files[0].id;
    expect(up.json().files[0].fileGroupId).toBe(g.id);
    const inGroup = await post(admin, '/api/fs/Files/FileManager', { fileGroupId: g.id, pageIndex: 1 });
    expect(inGroup.json().data.map((f: { id: number }) => f.id)).toEqual([fileId]);

    const del = await t.call(admin, { method: 'DELETE', url: `/api/fs/FileGroup/Delete/${g.id}` });
    expect(del.statusCode).toBe(200);
    const ungrouped = await post(admin, '/api/fs/Files/FileManager', { ungrouped: true, pageSize: 100 });
    const moved = ungrouped.json().data.find((f: { id: number }) => f.id === fileId);
    expect(moved.fileGroupId).toBeNull();
  });

  it("a member renames and deletes their own groups, not another member's (403, said in words); an administrator any", async () => {
    const theirs = (await post(admin, '/api/fs/FileGroup/Add', { name: '管理员的分组' })).json();
    const mine = (await post(staff, '/api/fs/FileGroup/Add', { name: '我的分组' })).json();
    expect(mine.canEdit).toBe(true);
    const refused = await post(staff, '/api/fs/FileGroup/Edit', { id: theirs.id, name: '被员工改名' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('只有创建者或管理员可以修改此分组');
    const deleted = await t.call(staff, { method: 'DELETE', url: `/api/fs/FileGroup/Delete/${theirs.id}` });
    expect(deleted.statusCode).toBe(403);
    const groups = (await t.call(staff, { method: 'GET', url: '/api/fs/FileGroup/All' })).json();
    expect(groups).toContainEqual({ id: theirs.id, name: '管理员的分组', canEdit: false });
    expect(groups).toContainEqual({ id: mine.id, name: '我的分组', canEdit: true });
    expect((await post(staff, '/api/fs/FileGroup/Edit', { id: mine.id, name: '我的图片' })).json()).toEqual({
      id: mine.id,
      name: '我的图片',
      canEdit: true,
    });
    expect((await post(admin, '/api/fs/FileGroup/Edit', { id: mine.id, name: '员工图片' })).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/fs/FileGroup/Delete/${mine.id}` })).statusCode).toBe(
      200,
    );
    expect((await t.call(admin, { method: 'DELETE', url: `/api/fs/FileGroup/Delete/${theirs.id}` })).statusCode).toBe(
      200,
    );
  });

  it('requires a group name (请输入分组名称)', async () => {
    const res = await post(admin, '/api/fs/FileGroup/Add', { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('name');
    expect(res.json().detail).toContain('请输入分组名称');
  });

  it("answers 404 for another company's group", async () => {
    const g = (await post(admin, '/api/fs/FileGroup/Add', { name: 'A组' })).json();
    expect((await post(other, '/api/fs/FileGroup/Edit', { id: g.id, name: 'x' })).statusCode).toBe(404);
    expect((await t.call(other, { method: 'DELETE', url: `/api/fs/FileGroup/Delete/${g.id}` })).statusCode).toBe(404);
    const all = await t.call(other, { method: 'GET', url: '/api/fs/FileGroup/All' });
    expect(all.json().map((x: { id: number }) => x.id)).not.toContain(g.id);
    const up = await upload(other, '/api/fs/FilesOss/v2/PictureUpload', [
      { name: 'FileGroupId', value: String(g.id) },
      { name: 'Files', value: await png(), filename: 'a.png' },
    ]);
    expect(up.statusCode).toBe(404);
  });
});

describe('PictureUpload', () => {
  it('stores JPEG and PNG by content with a thumbnail, served from /api/fs/raw', async () => {
    const res = await upload(staff, '/api/fs/FilesOss/v2/PictureUpload', [
      { name: 'Files', value: await png(120, 80), filename: 'photo.jpg', type: 'image/jpeg' },
      { name: 'Files', value: await jpeg(), filename: 'b.jpeg' },
    ]);
    expect(res.statusCode).toBe(200);
    const [a, b] = res.json().files;
    expect(a).toMatchObject({
      fileType: 2,
      ext: 'png',
      mime: 'image/png',
      width: 120,
      height: 80,
      oldFileName: 'photo.jpg',
    });
    expect(b.ext).toBe('jpg');
    expect(a.url).toMatch(/^\/api\/fs\/raw\/c\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(a.coverFileName).toMatch(/_t\.jpg$/);
    const raw = await t.app.inject({ method: 'GET', url: a.url });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('image/png');
    // Its address never serves other bytes: browsers keep it. An unknown one is not kept.
    expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: a.url.replace(/[0-9a-f]{8}-/, '00000000-') });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await sharp(raw.rawPayload).metadata()).format).toBe('png');
    const thumb = await t.app.inject({ method: 'GET', url: a.coverFileName });
    expect(thumb.statusCode).toBe(200);
  });

  it('refuses an executable renamed .jpg', async () => {
    const res = await upload(staff, '/api/fs/FilesOss/v2/PictureUpload', [
      { name: 'Files', value: exe(), filename: 'cat.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('只能上传jpg/png格式的图片');
  });

  it('refuses an image of 1024 KB or more (图片大小不能超过1024Kb!)', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(1024 * 1024)]);
    const res = await upload(staff, '/api/fs/FilesOss/v2/PictureUpload', [
      { name: 'Files', value: big, filename: 'big.png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('图片大小不能超过1024Kb!');
  });

  it('refuses more than 6 files at once (最多只能选择6张图片)', async () => {
    const one = await png(8, 8);
    const parts = Array.from({ length: 7 }, (_, i) => ({ name: 'Files', value: one, filename: `${i}.png` }));
    const res = await upload(staff, '/api/fs/FilesOss/v2/PictureUpload', parts);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('最多只能选择6张图片');
  });

  it('applies watermark, quality and thumbnail options', async () => {
    const wm = (
      await upload(admin, '/api/fs/FilesOss/v2/PictureUpload', [
        { name: 'Files', value: await png(20, 20, { r: 255, g: 255, b: 255 }), filename: 'wm.png' },
      ])
    ).json().files[0];
    const res = await upload(admin, '/api/fs/FilesOss/v2/PictureUpload', [
      { name: 'Files', value: await jpeg(200, 100), filename: 'x.jpg' },
      { name: 'IsEnableWaterMark', value: 'true' },
      { name: 'WaterMarkUrl', value: wm.url },
      { name: 'WaterMarkPoint', value: '1' },
      { name: 'Transparency', value: '0' },
      { name: 'Quality', value: '92' },
      { name: 'ThumbnailImageWight', value: '50' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().files[0];
    const stored = (await t.app.inject({ method: 'GET', url: f.url })).rawPayload;
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    // top-left pixel is now the white watermark
    expect(data[0]).toBeGreaterThan(200);
    expect(data[(info.width * info.height - 1) * info.channels + 2]).toBeGreaterThan(150);
    const thumb = (await t.app.inject({ method: 'GET', url: f.coverFileName })).rawPayload;
    expect((await sharp(thumb).metadata()).width).toBe(50);
  });

  it('needs a session', async () => {
    const m = multipart([{ name: 'Files', value: await png(), filename: 'a.png' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/fs/FilesOss/v2/PictureUpload', ...m });
    expect(res.statusCode).toBe(401);
  });
});

describe('AttachmentUpload and VideoUpload', () => {
  it('stores PDF and DOCX recognised by content', async () => {
    const res = await upload(staff, '/api/fs/Files/AttachmentUpload', [
      { name: 'file', value: pdf(), filename: '报价单.pdf' },
      { name: 'file', value: docx(), filename: '方案.docx' },
    ]);
    expect(res.statusCode).toBe(200);
    const [a, b] = res.json().files;
    expect(a).toMatchObject({ fileType: 3, ext: 'pdf', oldFileName: '报价单.pdf' });
    expect(b.ext).toBe('docx');
  });

  it('removes the stored file when it cannot be recorded: nothing is left on disk that no row names', async () => {
    const stored = () => readdir(join(t.app.config.dataDir, 'files'), { recursive: true }).catch(() => [] as string[]);
    const before = await stored();
    const insert = vi.spyOn(t.app.db, 'insert').mockImplementationOnce(() => {
      throw new Error('the database went away');
    });
    try {
      const res = await upload(staff, '/api/fs/Files/AttachmentUpload', [
        { name: 'file', value: pdf(), filename: '报价单.pdf' },
      ]);
      expect(res.statusCode).toBe(500);
    } finally {
      insert.mockRestore();
    }
    expect((await stored()).filter((f) => !before.includes(f) && f.endsWith('.pdf'))).toEqual([]);
  });

  it('refuses a PNG renamed .pdf', async () => {
    const res = await upload(staff, '/api/fs/Files/AttachmentUpload', [
      { name: 'file', value: await png(), filename: 'contract.pdf' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('文件内容与扩展名不符');
  });

  it('refuses an HTML page that names itself a PDF further in (it would be served inline as one)', async () => {
    const res = await upload(staff, '/api/fs/Files/AttachmentUpload', [
      {
        name: 'file',
        value: Buffer.from('<html><script>alert(document.domain)</script>%PDF-1.4</html>'),
        filename: 'y.pdf',
      },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe('文件内容与扩展名不符');
  });

  it('refuses an executable whatever its name', async () => {
    const res = await upload(staff, '/api/fs/Files/AttachmentUpload', [
      { name: 'file', value: exe(), filename: 'a.txt' },
    ]);
    expect(res.statusCode).toBe(400);
  });

  it('never uses a ../ client name as a storage path', async () => {
    const res = await upload(staff, '/api/fs/Files/AttachmentUpload', [
      { name: 'file', value: Buffer.from('hello 你好\n'), filename: '../../../etc/passwd.txt' },
    ]);
    expect(res.statusCode).toBe(200);
    const f = res.json().files[0];
    expect(f.oldFileName).toBe('passwd.txt');
    expect(f.url).not.toContain('..');
    expect(f.url).not.toContain('passwd');
    const raw = await t.app.inject({ method: 'GET', url: f.url });
    expect(raw.body).toBe('hello 你好\n');
    expect(raw.headers['content-disposition']).toBe('attachment');
  });

  it('answers 404 for traversal in a raw file path', async () => {
    for (const url of ['/api/fs/raw/../../etc/passwd', '/api/fs/raw/c1/..%2f..%2fetc%2fpasswd', '/api/fs/raw/x.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('stores a video by content and refuses an image as a video', async () => {
    const ok = await upload(staff, '/api/fs/FilesOss/v2/VideoUpload', [
      { name: 'file', value: mp4(), filename: 'v.mp4' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().files[0]).toMatchObject({ fileType: 1, ext: 'mp4' });
    const range = await t.app.inject({ method: 'GET', url: ok.json().files[0].url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect(range.headers['content-range']).toBe('bytes 0-99/4096');
    const bad = await upload(staff, '/api/fs/FilesOss/v2/VideoUpload', [
      { name: 'file', value: await png(), filename: 'v.mp4' },
    ]);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a video over MAX_VIDEO_MB (视频大小不能超过1M)', async () => {
    const small = await createTestApp({ MAX_VIDEO_MB: '1' });
    try {
      const token = await small.login('staff1');
      const m = multipart([{ name: 'file', value: mp4(1024 * 1024 + 10), filename: 'v.mp4' }]);
      const res = await small.call(token, {
        method: 'POST',
        url: '/api/fs/FilesOss/v2/VideoUpload',
        payload: m.payload,
        headers: m.headers,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toBe('视频大小不能超过1M');
    } finally {
      await small.close();
    }
  });
});

describe('FileManager', () => {
  it('pages 15 at a time, newest first, only the caller company', async () => {
    const one = await png(4, 4);
    for (let i = 0; i < 3; i++) {
      const parts = Array.from({ length: 6 }, (_, j) => ({ name: 'Files', value: one, filename: `p${i}${j}.png` }));
      expect((await upload(admin, '/api/fs/FilesOss/v2/PictureUpload', parts)).statusCode).toBe(200);
    }
    const p1 = (await post(admin, '/api/fs/Files/FileManager', { pageIndex: 1 })).json();
    expect(p1.data).toHaveLength(15);
    expect(p1.totalCount).toBeGreaterThanOrEqual(18);
    const p2 = (await post(admin, '/api/fs/Files/FileManager', { pageIndex: 2 })).json();
    expect(p2.pageIndex).toBe(2);
    const ids1 = new Set(p1.data.map((f: { id: number }) => f.id));
    expect(p2.data.some((f: { id: number }) => ids1.has(f.id))).toBe(false);
    const foreign = (await post(other, '/api/fs/Files/FileManager', { pageSize: 100 })).json();
    expect(foreign.data.some((f: { id: number }) => ids1.has(f.id))).toBe(false);
    const videos = (await post(admin, '/api/fs/Files/FileManager', { fileType: 1 })).json();
    expect(videos.data.every((f: { fileType: number }) => f.fileType === 1)).toBe(true);
  });
});

describe('ChunkUpload', () => {
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const send = (token: string, body: Buffer, fields: Record<string, string | number>) =>
    t.call(token, chunkPart(body, fields));
  const CH = 2 * 1024 * 1024;

  it('refuses a person a new upload past 20 unfinished ones (429), not anyone else; finishing one frees its place', async () => {
    const multi = await t.login('multi');
    const whole = mp4(2000);
    const fields = { FileName: '片段.mp4', Chunks: 2, Total: whole.length, VideoFileType: 'mp4' };
    const start = (token: string) => send(token, whole.subarray(0, 1000), { ...fields, PartNumber: 1, Start: 0 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await start(multi);
      expect(r.statusCode, r.body).toBe(200);
      ids.push(r.json().uploadId);
    }
    const refused = await start(multi);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('未完成的上传过多（最多20个），请先完成或等待之前的上传');
    // Its unfinished uploads go on; another person starts their own.
    expect((await start(staff)).statusCode).toBe(200);
    const last = await send(multi, whole.subarray(1000), { ...fields, UploadId: ids[0], PartNumber: 2, Start: 1000 });
    expect(last.json()).toMatchObject({ isComplete: true });
    expect((await start(multi)).statusCode).toBe(200);
    expect((await start(multi)).statusCode).toBe(429);
    // The limit is the person's, in all their companies: switching company does not open 20 more.
    const inB = (await t.call(multi, { method: 'GET', url: `/api/usr/session/SwitchToken/${t.ids.companyB}` })).json();
    const elsewhere = await start(inB.token);
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().detail).toBe('未完成的上传过多（最多20个），请先完成或等待之前的上传');
  });

  it('issues a random upload id with the first part; assembles parts in order, ignores a repeated part, refuses one out of order, resumes', async () => {
    const whole = mp4(CH * 2 + 1000);
    const parts = [whole.subarray(0, CH), whole.subarray(CH, 2 * CH), whole.subarray(2 * CH)];
    const fields = { FileName: '宣传片.mp4', Chunks: 3, Total: whole.length, VideoFileType: 'mp4' };
    // Each part carries its CRC-32, as the console sends them.
    const crc = (n: number) => ({
      Crc32: crc32(parts[n - 1])
        .toString(16)
        .padStart(8, '0'),
    });
    // The first part comes without an id: the server issues one.
    const r1 = await send(staff, parts[0], { ...fields, PartNumber: 1, Start: 0, Size: CH, ...crc(1) });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ isComplete: false, isContinue: true, nextPartNumber: 2 });
    const id = r1.json().uploadId as string;
    expect(id).toMatch(/^[\w-]{22}$/);
    const base = { ...fields, UploadId: id };
    // repeated: harmless
    const again = await send(staff, parts[0], { ...base, PartNumber: 1, Start: 0 });
    expect(again.statusCode).toBe(200);
    expect(again.json().nextPartNumber).toBe(2);
    // out of order
    const skip = await send(staff, parts[2], { ...base, PartNumber: 3, ...crc(3) });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().field).toBe('PartNumber');
    // resume point
    const status = await t.call(staff, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${id}` });
    expect(status.json()).toEqual({ uploadId: id, nextPartNumber: 2 });
    // another user of the company, and another company, know nothing of it: 404, and cannot add to it
    for (const stranger of [admin, other]) {
      const foreign = await t.call(stranger, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${id}` });
      expect(foreign.statusCode).toBe(404);
      expect((await send(stranger, parts[1], { ...base, PartNumber: 2, Start: CH })).statusCode).toBe(404);
    }
    expect((await send(staff, parts[1], { ...base, PartNumber: 2, Start: CH, ...crc(2) })).json().nextPartNumber).toBe(
      3,
    );
    const last = await send(staff, parts[2], { ...base, PartNumber: 3, Start: 2 * CH, ...crc(3) });
    expect(last.statusCode).toBe(200);
    const done = last.json();
    expect(done).toMatchObject({ isComplete: true, isContinue: false, uploadId: id });
    expect(done.file).toMatchObject({ fileType: 1, ext: 'mp4', size: whole.length, oldFileName: '宣传片.mp4' });
    expect(done.newFileName).toBe(done.file.url);
    const raw = await t.app.inject({ method: 'GET', url: done.newFileName });
    expect(sha(raw.rawPayload)).toBe(sha(whole));
    // a finished upload answers past its last part, and re-sending the last part answers the same file
    const after = await t.call(staff, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${id}` });
    expect(after.json().nextPartNumber).toBe(4);
    expect((await t.call(admin, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${id}` })).statusCode).toBe(
      404,
    );
    const resend = await send(staff, parts[2], { ...base, PartNumber: 3, Start: 2 * CH, ...crc(3) });
    expect(resend.json()).toMatchObject({ isComplete: true, isContinue: false, file: { id: done.file.id } });
    const list = (await post(staff, '/api/fs/Files/FileManager', { fileType: 1, pageSize: 100 })).json();
    expect(list.data.filter((f: { oldFileName: string }) => f.oldFileName === '宣传片.mp4')).toHaveLength(1);
  });

  it('keeps an upload its owner’s when another user’s id is the owner’s followed by more digits', async () => {
    // A colleague whose user id is staff1's followed by 3 (2 and 23): the folders c1-u2-<id> and c1-u23-<id> must
    // never meet, whatever id staff1 sends back.
    const colleagueId = Number(`${t.ids.staff1}3`);
    const [{ hash }] = await t.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, t.ids.staff1));
    await t.app.db
      .insert(users)
      .overridingSystemValue()
      .values({ id: colleagueId, account: 'prefix23', phone: '13800000023', passwordHash: hash, name: '周同事' });
    await t.app.db.insert(memberships).values({ companyId: t.ids.companyA, userId: colleagueId, role: 'staff' });
    const colleague = await t.login('prefix23');
    const whole = mp4(CH + 700);
    const fields = { FileName: '前缀.mp4', Chunks: 2, Total: whole.length, VideoFileType: 'mp4' };
    const first = await send(colleague, whole.subarray(0, CH), { ...fields, PartNumber: 1, Start: 0, Size: CH });
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().uploadId as string;
    for (const guess of [id, `3-${id}`, `u${t.ids.staff1}3-${id}`.slice(0, 64)]) {
      const status = await t.call(staff, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${guess}` });
      expect(status.statusCode, guess).toBe(404);
      const part = await send(staff, whole.subarray(CH), {
        ...fields,
        UploadId: guess,
        PartNumber: 2,
        Start: CH,
        Sha256: sha(whole),
      });
      expect(part.statusCode, guess).toBe(404);
    }
    const last = await send(colleague, whole.subarray(CH), {
      ...fields,
      UploadId: id,
      PartNumber: 2,
      Start: CH,
      Sha256: sha(whole),
    });
    expect(last.json()).toMatchObject({ isComplete: true, file: { size: whole.length } });
  });

  it('gives two concurrent uploads of one name and size by one person their own ids; both complete intact', async () => {
    const a = mp4(CH * 2 + 500);
    const b = Buffer.from(a);
    b.fill(7, 4096); // same name, same size, other bytes after the header
    const fields = { FileName: '同名.mp4', Chunks: 3, Total: a.length, VideoFileType: 'mp4' };
    const part = (w: Buffer, n: number) => w.subarray((n - 1) * CH, Math.min(n * CH, w.length));
    const [fa, fb] = await Promise.all(
      [a, b].map((w) => send(staff, part(w, 1), { ...fields, PartNumber: 1, Start: 0 })),
    );
    const [ida, idb] = [fa.json().uploadId, fb.json().uploadId];
    expect(ida).not.toBe(idb);
    // Parts of both sent at the same time, interleaved.
    const both = (n: number) =>
      Promise.all(
        [
          [a, ida],
          [b, idb],
        ].map(([w, id]) =>
          send(staff, part(w as Buffer, n), {
            ...fields,
            UploadId: id as string,
            PartNumber: n,
            Start: (n - 1) * CH,
            ...(n === 3 ? { Sha256: sha(w as Buffer) } : {}),
          }),
        ),
      );
    expect((await both(2)).map((r) => r.json().nextPartNumber)).toEqual([3, 3]);
    const [la, lb] = await both(3);
    expect([la.statusCode, lb.statusCode]).toEqual([200, 200]);
    expect(la.json().file.id).not.toBe(lb.json().file.id);
    for (const [res, w] of [
      [la, a],
      [lb, b],
    ] as const) {
      const raw = await t.app.inject({ method: 'GET', url: res.json().newFileName });
      expect(sha(raw.rawPayload)).toBe(sha(w));
    }
  });

  it('answers 404 to an upload id the server did not issue to the caller', async () => {
    const made = 'made-up-upload-0001';
    expect((await t.call(staff, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${made}` })).statusCode).toBe(
      404,
    );
    const whole = mp4(CH + 10);
    const res = await send(staff, whole.subarray(0, CH), {
      UploadId: made,
      FileName: 'v.mp4',
      PartNumber: 1,
      Chunks: 2,
      Total: whole.length,
      Start: 0,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('上传不存在或已过期，请重新上传');
  });

  it("moves the company's version (its caches) only with the part that completes the upload", async () => {
    const whole = mp4(CH + 10);
    const fields = { FileName: 'v.mp4', Chunks: 2, Total: whole.length, VideoFileType: 'mp4' };
    const version = () => t.app.companyVersions.of(t.ids.companyA);
    const v0 = version();
    const first = await send(staff, whole.subarray(0, CH), { ...fields, PartNumber: 1, Start: 0 });
    expect(first.json().isComplete).toBe(false);
    expect(version()).toBe(v0);
    const last = await send(staff, whole.subarray(CH), {
      ...fields,
      UploadId: first.json().uploadId,
      PartNumber: 2,
      Start: CH,
      Sha256: sha(whole),
    });
    expect(last.json().isComplete).toBe(true);
    expect(version()).toBe(v0 + 1);
  });

  it('answers 400 to a part cut short, counts none of it, and takes the part whole when it is sent again; fields after the file are ignored', async () => {
    const whole = mp4(CH + 3000);
    const fields = { FileName: 'v.mp4', Chunks: 2, Total: whole.length, VideoFileType: 'mp4' };
    const first = await send(staff, whole.subarray(0, CH), { ...fields, PartNumber: 1, Start: 0 });
    const id = first.json().uploadId as string;
    const second = { ...fields, UploadId: id, PartNumber: 2, Start: CH };
    const part = chunkPart(whole.subarray(CH), second);
    // The body stops inside the file's bytes: the form is not whole.
    const cut = await t.call(staff, { ...part, payload: part.payload.subarray(0, part.payload.length - 100) });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ field: 'file', detail: '上传内容不完整或格式不正确，请重新选择文件上传' });
    const status = await t.call(staff, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${id}` });
    expect(status.json().nextPartNumber).toBe(2);
    // Sent whole, with a field after the file (which the part's fields do not take).
    const later = multipart([
      ...Object.entries(second).map(([name, v]) => ({ name, value: String(v) })),
      { name: 'file', value: whole.subarray(CH), filename: 'blob' },
      { name: 'PartNumber', value: '1' },
    ]);
    const done = await t.call(staff, { method: 'POST', url: '/api/fs/Files/ChunkUpload', ...later });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ isComplete: true, nextPartNumber: 3 });
    const raw = await t.app.inject({ method: 'GET', url: done.json().newFileName });
    expect(sha(raw.rawPayload)).toBe(sha(whole));
  });

  it('still refuses a whole file whose SHA-256 differs when a client sends one', async () => {
    const whole = Buffer.from('plain text document\n'.repeat(10));
    const res = await send(staff, whole, {
      FileName: 'a.txt',
      PartNumber: 1,
      Chunks: 1,
      Total: whole.length,
      Sha256: '0'.repeat(64),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('Sha256');
  });

  it('refuses oversize totals', async () => {
    const b = Buffer.from('x');
    const huge = await send(staff, b, {
      FileName: 'a.mp4',
      PartNumber: 1,
      Chunks: 100,
      Total: 51 * 1024 * 1024,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe('视频大小不能超过50M');
  });

  it('refuses a PNG renamed .pdf assembled from chunks, and bad UploadIds', async () => {
    const whole = await png();
    const res = await send(staff, whole, {
      FileName: 'x.pdf',
      PartNumber: 1,
      Chunks: 1,
      Total: whole.length,
      Sha256: sha(whole),
    });
    expect(res.statusCode).toBe(400);
    const bad = await send(staff, whole, {
      UploadId: '../../etc',
      FileName: 'x.png',
      PartNumber: 1,
      Chunks: 1,
      Total: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('UploadId');
  });
});

describe('OssUpload, PosterUpload, ConvertOfficeToPdf', () => {
  it('refuses non-http schemes and private, loopback and link-local addresses', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.png']) {
      const res = await post(staff, '/api/fs/Oss/OssUpload', { url });
      expect(res.statusCode, url).toBe(400);
    }
    for (const url of [
      'http://127.0.0.1:9/x.png',
      'http://localhost:3000/a.png',
      'http://2130706433/a.png',
      'http://0177.0.0.1/a.png',
      'http://0x7f.1/a.png',
      'http://10.1.2.3/a.png',
      'http://192.168.1.1/a.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://[fd00::1]/a.png',
      'http://0.0.0.0/',
    ]) {
      const res = await post(staff, '/api/fs/Oss/OssUpload', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json(), url).toMatchObject({ detail: '不允许访问该地址', field: 'url' });
    }
    const en = await t.call(staff, {
      method: 'POST',
      url: '/api/fs/Oss/OssUpload',
      payload: { url: 'http://169.254.169.254/' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.json()).toMatchObject({ status: 400, detail: 'Access to this address is not allowed' });
  });

  it('fetches from an address FETCH_ALLOW_HOSTS names (intranet deployments), and only then', async () => {
    const body = await png();
    const server = createServer((_req, res) => res.end(body));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/logo.png`;
    try {
      expect((await post(staff, '/api/fs/Oss/OssUpload', { url })).statusCode).toBe(400);
      t.app.config.FETCH_ALLOW_HOSTS = '127.0.0.1';
      const res = await post(staff, '/api/fs/Oss/OssUpload', { url });
      expect(res.statusCode).toBe(200);
      expect(res.json().file).toMatchObject({ fileType: 2, ext: 'png' });
    } finally {
      t.app.config.FETCH_ALLOW_HOSTS = '';
      server.close();
    }
  });

  it('stores a base64 poster', async () => {
    const b64 = (await jpeg(300, 500)).toString('base64');
    const res = await post(staff, '/api/fs/Files/PosterUpload', {
      posterString: `data:image/jpeg;base64,${b64}`,
      lastName: '.jpg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().file).toMatchObject({ fileType: 2, ext: 'jpg', width: 300, height: 500 });
    const bad = await post(staff, '/api/fs/Files/PosterUpload', {
      posterString: exe().toString('base64'),
      lastName: '.jpg',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 503 预览不可用 without LibreOffice, a PDF itself, 404 for a foreign id', async () => {
    const up = (
      await upload(staff, '/api/fs/Files/AttachmentUpload', [
        { name: 'file', value: docx(), filename: 'a.docx' },
        { name: 'file', value: pdf(), filename: 'b.pdf' },
      ])
    ).json().files;
    const res = await post(staff, '/api/fs/FilesOss/v2/ConvertOfficeToPdf', { fileId: up[0].id });
    if (res.statusCode === 503) expect(res.json().detail).toBe('预览不可用');
    else expect(res.json().pdfUrl).toMatch(/\.pdf$/);
    const own = await post(staff, '/api/fs/FilesOss/v2/ConvertOfficeToPdf', { fileId: up[1].id });
    expect(own.json().pdfUrl).toBe(up[1].url);
    expect((await post(other, '/api/fs/FilesOss/v2/ConvertOfficeToPdf', { fileId: up[0].id })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every content and file call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const calls = [
      'GET /caspush/SstArticleManagerType/GetHotList',
      'POST /caspush/articlemanager/GetArticle',
      'POST /caspush/articlemanager/GetEnterpriseAndMyArticle',
      'POST /caspush/articlemanager/GetCustomerArticle',
      'POST /caspush/articlemanager/GetPickerList',
      'POST /caspush/articlemanager/AddNew',
      'POST /caspush/articlemanager/Update',
      'GET /caspush/articlemanager/{id}',
      'DELETE /caspush/articlemanager/{id}',
      'GET /caspush/articlemanager/SetArticleShare',
      ...['GetPageDataAsync', 'CreateMany', 'Update', 'DeleteSoftAsync'].map(
        (c) => `POST /caspush/v2/WjtDocument/${c}`,
      ),
      ...['Get', 'SetEnterpriseAsync', 'CancelEnterpriseAsync'].map((c) => `GET /caspush/v2/WjtDocument/${c}`),
      ...['GetPageDataAsync', 'Create', 'Update', 'DeleteSoftAsync'].map((c) => `POST /caspush/v2/WjtVideo/${c}`),
      ...['Get', 'SetEnterpriseAsync', 'CancelEnterpriseAsync'].map((c) => `GET /caspush/v2/WjtVideo/${c}`),
      'POST /fs/FileGroup/Add',
      'POST /fs/FileGroup/Edit',
      'DELETE /fs/FileGroup/Delete/{id}',
      'GET /fs/FileGroup/All',
      'POST /fs/Files/FileManager',
      'POST /fs/FilesOss/v2/PictureUpload',
      'POST /fs/FilesOss/v2/VideoUpload',
      'POST /fs/Files/AttachmentUpload',
      'POST /fs/Files/ChunkUpload',
      'GET /fs/Files/ChunkStatus',
      'POST /fs/Files/PosterUpload',
      'POST /fs/FilesOss/v2/ConvertOfficeToPdf',
      'POST /fs/Oss/OssUpload',
    ];
    const missing = calls.filter((c) => {
      const [method, path] = c.split(' ');
      return !doc.paths[`/api${path}`]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });
});
