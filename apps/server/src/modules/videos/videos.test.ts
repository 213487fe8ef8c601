import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { mp4, multipart, png } from '../../storage/testing.js';
import { findOnPath } from '../../storage/tools.js';

const {
  t,
  tokens: [admin, staff, other],
} = await appForFile(['admin', 'staff1', 'badmin']);

const P = '/api/caspush/v2/WjtVideo';
const post = (token: string, url: string, payload?: unknown) =>
  t.call(token, { method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
async function up(token: string, url: string, field: string, value: Buffer, filename: string) {
  const m = multipart([{ name: field, value, filename }]);
  const res = await t.call(token, { method: 'POST', url, payload: m.payload, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().files[0] as { id: number; url: string; coverFileName: string };
}

describe('videos', () => {
  it('creates a video with the uploaded cover, lists by typeValue (query string), updates, toggles, deletes and restores', async () => {
    const file = await up(staff, '/api/fs/FilesOss/v2/VideoUpload', 'file', mp4(), '演示.mp4');
    const cover = await up(staff, '/api/fs/FilesOss/v2/PictureUpload', 'Files', await png(), 'cover.png');
    const created = await post(staff, `${P}/Create`, { title: '产品演示', fileId: file.id, videoPicUrl: cover.url });
    expect(created.statusCode, created.body).toBe(200);
    const v = created.json();
    expect(v).toMatchObject({
      title: '产品演示',
      videoPicUrl: cover.url,
      fileUrl: file.url,
      createBy: '李员工',
      isEnterprise: false,
      canEdit: true,
    });

    const mine = (await post(staff, `${P}/GetPageDataAsync?pageIndex=1&pageSize=10&typeValue=2`)).json();
    expect(mine.data.map((x: { id: number }) => x.id)).toContain(v.id);
    const ent = (await post(staff, `${P}/GetPageDataAsync`, { typeValue: 1 })).json();
    expect(ent.data.some((x: { id: number }) => x.id === v.id)).toBe(false);
    expect((await get(staff, `${P}/SetEnterpriseAsync?id=${v.id}`)).json()).toEqual({ id: v.id, isEnterprise: true });
    const ent2 = (await post(admin, `${P}/GetPageDataAsync?typeValue=1`)).json();
    expect(ent2.data.find((x: { id: number }) => x.id === v.id)).toMatchObject({ canEdit: true });

    expect((await post(staff, `${P}/Update`, { id: v.id, title: '新标题' })).json().title).toBe('新标题');
    expect((await post(staff, `${P}/DeleteSoftAsync`, { id: v.id, isTrueFalse: true })).statusCode).toBe(200);
    expect((await get(staff, `${P}/Get?id=${v.id}`)).statusCode).toBe(404);
    const after = (await post(admin, `${P}/GetPageDataAsync?typeValue=1`)).json();
    expect(after.data.some((x: { id: number }) => x.id === v.id)).toBe(false);
    expect((await post(staff, `${P}/DeleteSoftAsync`, { id: v.id, isTrueFalse: false })).statusCode).toBe(200);
    expect((await get(staff, `${P}/Get?id=${v.id}`)).statusCode).toBe(200);
    expect((await get(staff, `${P}/CancelEnterpriseAsync?id=${v.id}`)).json().isEnterprise).toBe(false);
  });

  it('needs a video file and a safe cover URL', async () => {
    const img = await up(staff, '/api/fs/FilesOss/v2/PictureUpload', 'Files', await png(), 'a.png');
    const notVideo = await post(staff, `${P}/Create`, { title: 'x', fileId: img.id });
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json().field).toBe('fileId');
    const file = await up(staff, '/api/fs/FilesOss/v2/VideoUpload', 'file', mp4(), 'v.mp4');
    const badCover = await post(staff, `${P}/Create`, {
      title: 'x',
      fileId: file.id,
      videoPicUrl: 'javascript:alert(1)',
    });
    expect(badCover.json().field).toBe('videoPicUrl');
    expect((await post(staff, `${P}/Create`, { title: '', fileId: file.id })).json().field).toBe('title');
    expect((await post(staff, `${P}/GetPageDataAsync?typeValue=9`)).statusCode).toBe(400);
  });

  it("403 for someone else's enterprise video, 404 for another company's", async () => {
    const file = await up(admin, '/api/fs/FilesOss/v2/VideoUpload', 'file', mp4(), 'v.mp4');
    const v = (await post(admin, `${P}/Create`, { title: '管理员视频', fileId: file.id, isEnterprise: true })).json();
    expect((await post(staff, `${P}/Update`, { id: v.id, title: 'x' })).statusCode).toBe(403);
    expect((await post(staff, `${P}/DeleteSoftAsync`, { id: v.id, isTrueFalse: true })).statusCode).toBe(403);
    expect((await get(other, `${P}/Get?id=${v.id}`)).statusCode).toBe(404);
    expect((await post(other, `${P}/Update`, { id: v.id, title: 'x' })).statusCode).toBe(404);
    expect((await post(other, `${P}/DeleteSoftAsync`, { id: v.id, isTrueFalse: true })).statusCode).toBe(404);
    expect((await get(other, `${P}/SetEnterpriseAsync?id=${v.id}`)).statusCode).toBe(404);
    expect((await post(other, `${P}/Create`, { title: 'x', fileId: file.id })).statusCode).toBe(404);
    const item = await t.app.ports.content.get(t.app.db, t.ids.companyA, 'video', v.id);
    expect(item).toMatchObject({ kind: 'video', title: '管理员视频', fileUrl: file.url });
    expect(await t.app.ports.content.get(t.app.db, t.ids.companyB, 'video', v.id)).toBeUndefined();
  });
});

describe('video cover', () => {
  it("takes ffmpeg's frame as the cover when ffmpeg is installed, else the uploaded cover", async () => {
    const ffmpeg = await findOnPath('ffmpeg');
    let video = mp4();
    if (ffmpeg) {
      const out = join(tmpdir(), `huoke-cover-${process.pid}.mp4`);
      execFileSync(ffmpeg, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=2:size=320x240:rate=10',
        '-pix_fmt',
        'yuv420p',
        '-y',
        out,
      ]);
      video = await readFile(out);
      await rm(out, { force: true });
    }
    const file = await up(staff, '/api/fs/FilesOss/v2/VideoUpload', 'file', video, 'v.mp4');
    const v = (await post(staff, `${P}/Create`, { title: '封面', fileId: file.id })).json();
    if (ffmpeg) {
      expect(file.coverFileName).toMatch(/_c\.jpg$/);
      const cover = await t.app.inject({ method: 'GET', url: file.coverFileName });
      expect((await sharp(cover.rawPayload).metadata()).format).toBe('jpeg');
      expect(v.videoPicUrl).toBe(file.coverFileName);
    } else {
      expect(file.coverFileName).toBe('');
      expect(v.videoPicUrl).toBe('');
    }
    const uploaded = await up(staff, '/api/fs/FilesOss/v2/PictureUpload', 'Files', await png(), 'c.png');
    const withCover = (
      await post(staff, `${P}/Create`, { title: '封面2', fileId: file.id, videoPicUrl: uploaded.url })
    ).json();
    expect(withCover.videoPicUrl).toBe(uploaded.url);
  });
});
