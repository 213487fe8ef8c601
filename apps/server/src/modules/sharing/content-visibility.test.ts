import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { mp4, multipart, pdf } from '../../storage/testing.js';

const {
  t,
  tokens: [admin, author, colleague],
} = await appForFile(['admin', 'staff1', 'multi']);

const post = (token: string, url: string, payload: object) => t.call(token, { method: 'POST', url, payload });

async function upload(token: string, url: string, field: string, value: Buffer, filename: string) {
  const m = multipart([{ name: field, value, filename }]);
  const res = await t.call(token, { method: 'POST', url, payload: m.payload, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { files: { id: number }[] }).files[0].id;
}

/** staff1's items kept to themselves (not shared to the company), and one shared to it. */
const own = { article: 0, video: 0, document: 0, sharedArticle: 0 };

beforeAll(async () => {
  const article = async (isShareToEnterprise: boolean) => {
    const res = await post(author, '/api/caspush/articlemanager/AddNew', {
      title: isShareToEnterprise ? '公开文章' : '私人文章',
      content: '<p>只给自己看的正文</p>',
      isShareToEnterprise,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }).id;
  };
  own.article = await article(false);
  own.sharedArticle = await article(true);
  const videoFile = await upload(author, '/api/fs/FilesOss/v2/VideoUpload', 'file', mp4(), '私人.mp4');
  const video = await post(author, '/api/caspush/v2/WjtVideo/Create', { title: '私人视频', fileId: videoFile });
  expect(video.statusCode, video.body).toBe(200);
  own.video = (video.json() as { id: number }).id;
  const docFile = await upload(author, '/api/fs/Files/AttachmentUpload', 'file', pdf(), '私人手册.pdf');
  const doc = await post(author, '/api/caspush/v2/WjtDocument/CreateMany', { fileIds: [docFile] });
  expect(doc.statusCode, doc.body).toBe(200);
  own.document = (doc.json() as { data: { id: number }[] }).data[0].id;
});

const S = '/api/caspush/SstArticleShare';
/** Every way a content id is accepted for sharing, with this id in it. */
const ways = (ids: typeof own) => ({
  article: [`${S}/ShareAsync`, { articleManagerId: ids.article }],
  articleTemplate: [`${S}/TemplateShareAsync`, { articleManagerId: ids.article }],
  relatedArticle: [`${S}/ShareAsync`, { articleManagerId: ids.sharedArticle, relationIds: [ids.article] }],
  relatedVideo: [`${S}/ShareAsync`, { articleManagerId: ids.sharedArticle, relationWjtVideoIds: [ids.video] }],
  relatedDocument: [`${S}/ShareAsync`, { articleManagerId: ids.sharedArticle, relationWjtDocumentIds: [ids.document] }],
  video: [`${S}/ShareContent`, { kind: 'video', id: ids.video }],
  document: [`${S}/ShareContent`, { kind: 'document', id: ids.document }],
  push: [`${S}/PushToApp`, { articleId: ids.article }],
  website: [
    '/api/visitingcard/miniWebsite/CreateMiniWebsite',
    { title: '站', blocks: [{ type: 'article', id: ids.article }] },
  ],
  websiteVideo: [
    '/api/visitingcard/miniWebsite/CreateMiniWebsite',
    { title: '站', blocks: [{ type: 'video', id: ids.video }] },
  ],
});

async function statuses(token: string) {
  const out: Record<string, number> = {};
  for (const [name, [url, body]] of Object.entries(ways(own)))
    out[name] = (await post(token, url as string, body as object)).statusCode;
  return out;
}

describe('sharing content the caller may not see', () => {
  it('answers 404 to a colleague for every item kept to its author, as for another company’s', async () => {
    // The colleague cannot open the article, so they cannot share it either.
    expect(
      (await t.call(colleague, { method: 'GET', url: `/api/caspush/articlemanager/${own.article}` })).statusCode,
    ).toBe(404);
    const got = await statuses(colleague);
    expect(got).toEqual(Object.fromEntries(Object.keys(got).map((k) => [k, 404])));
  });

  it('lets the author and an administrator share them', async () => {
    for (const token of [author, admin]) {
      const got = await statuses(token);
      expect(got).toEqual(Object.fromEntries(Object.keys(got).map((k) => [k, 200])));
    }
  });

  it('lets a colleague share what is shared to the company', async () => {
    const res = await post(colleague, `${S}/ShareAsync`, { articleManagerId: own.sharedArticle });
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/s/${(res.json() as { code: string }).code}` });
    expect(page.body).toContain('公开文章');
  });

  it("stops a colleague's link once the author keeps the item to themselves; the author's own link stays", async () => {
    const made = await post(author, '/api/caspush/articlemanager/AddNew', {
      title: '先公开后收回',
      content: '<p>正文</p>',
      isShareToEnterprise: true,
    });
    const id = (made.json() as { id: number }).id;
    const link = async (token: string) =>
      ((await post(token, `${S}/ShareAsync`, { articleManagerId: id })).json() as { code: string }).code;
    const [theirs, mine] = [await link(colleague), await link(author)];
    const page = (code: string) => t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect((await page(theirs)).statusCode).toBe(200);
    const toggled = await t.call(author, {
      method: 'GET',
      url: `/api/caspush/articlemanager/SetArticleShare?articleId=${id}`,
    });
    expect(toggled.json()).toMatchObject({ isShareToEnterprise: false });
    expect((await page(theirs)).statusCode).toBe(410);
    expect((await page(theirs)).body).not.toContain('正文');
    expect((await page(mine)).statusCode).toBe(200);
  });

  it("leaves out of a colleague's mini-website and related list an article the author kept to themselves later", async () => {
    const made = await post(author, '/api/caspush/articlemanager/AddNew', {
      title: '后来收回的文章',
      content: '<p>收回后不应公开的正文</p>',
      isShareToEnterprise: true,
    });
    const id = (made.json() as { id: number }).id;
    const site = await post(colleague, '/api/visitingcard/miniWebsite/CreateMiniWebsite', {
      title: '同事的微官网',
      blocks: [{ type: 'article', id }],
    });
    expect(site.statusCode, site.body).toBe(200);
    const siteShare = await post(colleague, `${S}/ShareContent`, {
      kind: 'website',
      id: (site.json() as { id: number }).id,
    });
    const related = await post(colleague, `${S}/ShareAsync`, {
      articleManagerId: own.sharedArticle,
      relationIds: [id],
    });
    const codes = [siteShare, related].map((r) => (r.json() as { code: string }).code);
    const page = (code: string) => t.app.inject({ method: 'GET', url: `/s/${code}` });
    for (const code of codes) expect((await page(code)).body).toContain('收回后不应公开的正文');

    const toggled = await t.call(author, {
      method: 'GET',
      url: `/api/caspush/articlemanager/SetArticleShare?articleId=${id}`,
    });
    expect(toggled.json()).toMatchObject({ isShareToEnterprise: false });
    for (const code of codes) {
      const res = await page(code);
      // The page itself stays (the site, the shared article); only the withdrawn article goes.
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('收回后不应公开的正文');
      expect(res.body).not.toContain('后来收回的文章');
    }
  });
});
