import { DEFAULT_EDITOR_SETTINGS, type EditorSettings } from '@huoke/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

beforeAll(async () => {
  // One article of company A for the share page; the content area's own storage is not what is tested here.
  t.app.ports.content = {
    ...t.app.ports.content,
    get: async (_db, companyId, kind, id) =>
      kind === 'article' && id === 101 && companyId === t.ids.companyA
        ? {
            kind,
            id,
            companyId,
            title: '获客之道',
            summary: '摘要',
            cover: null,
            html: '<p>正文</p>',
            source: '获客通',
            createdBy: 1,
            createTime: '2026-11-01T08:00:00.000Z',
            sharedToCompany: true,
          }
        : undefined,
  };
});

const GET = '/api/cus/editorsetting/Get';
const SAVE = '/api/cus/editorsetting/Save';
const read = async (token: string) => {
  const res = await t.call(token, { method: 'GET', url: GET });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EditorSettings;
};

const mine: EditorSettings = {
  ...DEFAULT_EDITOR_SETTINGS,
  tools: ['bold', 'italic', 'image'],
  fontSize: 18,
  paragraphSpacing: 20,
  imageMaxWidth: 640,
  imageQuality: 80,
  footer: { enabled: true, signature: '演示科技 · 让获客更简单', contact: '电话 400-000-0000', qrCodeUrl: '' },
};

describe('editor settings (SPEC §2.3)', () => {
  it('answers the defaults before anything is saved', async () => {
    expect(await read(staff)).toEqual(DEFAULT_EDITOR_SETTINGS);
  });

  it('the administrator saves; staff read the saved settings but may not save (403)', async () => {
    const saved = await t.call(admin, { method: 'POST', url: SAVE, payload: mine });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await read(staff)).toEqual(mine);
    const denied = await t.call(staff, { method: 'POST', url: SAVE, payload: DEFAULT_EDITOR_SETTINGS });
    expect(denied.statusCode).toBe(403);
    expect(await read(admin)).toEqual(mine);
  });

  it('another company neither sees nor changes them', async () => {
    expect(await read(bAdmin)).toEqual(DEFAULT_EDITOR_SETTINGS);
    const b = await t.call(bAdmin, { method: 'POST', url: SAVE, payload: { ...mine, fontSize: 30 } });
    expect(b.statusCode).toBe(200);
    expect((await read(admin)).fontSize).toBe(18);
    expect((await read(bAdmin)).fontSize).toBe(30);
  });

  it('rejects unknown tools and a watermark without an image (400)', async () => {
    const tool = await t.call(admin, { method: 'POST', url: SAVE, payload: { ...mine, tools: ['bold', 'script'] } });
    expect(tool.statusCode).toBe(400);
    const wm = await t.call(admin, {
      method: 'POST',
      url: SAVE,
      payload: { ...mine, watermark: { enabled: true, url: '', point: 4, transparency: 50 } },
    });
    expect(wm.statusCode).toBe(400);
    expect(wm.body).toContain('请设置水印图片');
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as { paths: object };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([GET, SAVE]));
  });

  it('a shared article shows the footer and the text defaults; without a footer it shows none', async () => {
    const res = await t.call(staff, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareAsync',
      payload: { articleManagerId: 101 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { code } = res.json() as { code: string };
    const page = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect(page.body).toContain('data-testid="article-footer"');
    expect(page.body).toContain('演示科技 · 让获客更简单');
    expect(page.body).toContain('电话 400-000-0000');
    expect(page.body).toContain('.content{font-size:18px}');

    await t.call(admin, {
      method: 'POST',
      url: SAVE,
      payload: { ...mine, footer: { ...mine.footer, enabled: false } },
    });
    const after = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect(after.body).not.toContain('article-footer"');
    expect(after.body).not.toContain('让获客更简单');
  });
});
