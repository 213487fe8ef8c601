import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../app.js';
import { deepJson, multipartBody } from './fuzz-cases.js';

/** The findings of issue 18 (items 3 and 7), call by call: bad input answers 4xx problem+json naming the field. */

const {
  t,
  tokens: [admin],
} = await appForFile(['admin'], { MAX_FILE_MB: '1', MAX_VIDEO_MB: '1' });

const post = (url: string, payload: unknown, method = 'POST') =>
  t.call(admin, { method: method as 'POST', url, payload: payload as object });

function problem(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  return res.json() as { status: number; detail: string; field?: string };
}

const BIG = 2 ** 31;

describe('ids above 2^31−1 answer 400 naming the field (they reached PostgreSQL: integer out of range)', () => {
  const calls: [string, string, unknown, string][] = [
    ['GET', `/api/caspush/SstArticleManagerType/GetHotList?typeId=${BIG}`, undefined, 'typeId'],
    ['POST', '/api/caspush/articlemanager/GetArticle', { typeId: BIG }, 'typeId'],
    ['POST', '/api/caspush/articlemanager/GetEnterpriseAndMyArticle', { typeId: BIG }, 'typeId'],
    ['POST', '/api/caspush/articlemanager/GetCustomerArticle', { typeId: BIG }, 'typeId'],
    ['POST', '/api/caspush/articlemanager/AddNew', { title: 't', content: '<p>x</p>', typeId: BIG }, 'typeId'],
    ['POST', '/api/caspush/v2/WjtDocument/GetPageDataAsync', { wjtDocumentTypeId: BIG }, 'wjtDocumentTypeId'],
    ['POST', '/api/caspush/v2/WjtDocument/CreateMany', { fileIds: [1], wjtDocumentTypeId: BIG }, 'wjtDocumentTypeId'],
    ['POST', '/api/caspush/v2/WjtDocument/CreateMany', { fileIds: [BIG] }, 'fileIds.0'],
    ['POST', '/api/caspush/v2/WjtDocument/Update', { id: BIG, title: 't' }, 'id'],
    ['POST', '/api/caspush/v2/WjtDocument/DeleteSoftAsync', { id: BIG }, 'id'],
    ['POST', `/api/caspush/v2/WjtVideo/GetPageDataAsync?wjtVideoTypeId=${BIG}`, {}, 'wjtVideoTypeId'],
    ['POST', '/api/caspush/v2/WjtVideo/Create', { title: 't', fileId: 1, wjtVideoTypeId: BIG }, 'wjtVideoTypeId'],
    ['POST', '/api/caspush/v2/WjtVideo/Update', { id: BIG, title: 't' }, 'id'],
    ['POST', '/api/caspush/v2/WjtVideo/DeleteSoftAsync', { id: BIG }, 'id'],
    ['POST', '/api/fs/FileGroup/Edit', { id: BIG, name: 'n' }, 'id'],
    ['POST', '/api/fs/Files/FileManager', { fileGroupId: BIG }, 'fileGroupId'],
    ['POST', '/api/fs/Oss/OssUpload', { url: 'https://example.com/a.png', FileGroupId: BIG }, 'FileGroupId'],
    ['GET', `/api/caspush/articlemanager/${BIG}`, undefined, 'id'],
    ['GET', '/api/cus/order/-1', undefined, 'id'],
    ['PUT', '/api/usr/sysnavigation/MySysNavList', { ids: [1, BIG] }, 'ids.1'],
  ];
  it.each(calls)('%s %s', async (method, url, payload, field) => {
    const res = await t.call(admin, {
      method: method as 'POST',
      url,
      ...(payload ? { payload: payload as object } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(problem(res).field).toBe(field);
  });

  it('PictureUpload, AttachmentUpload and VideoUpload refuse FileGroupId 2147483648', async () => {
    for (const url of [
      '/api/fs/FilesOss/v2/PictureUpload',
      '/api/fs/Files/AttachmentUpload',
      '/api/fs/FilesOss/v2/VideoUpload',
    ]) {
      const payload = multipartBody('b0undary', [
        { name: 'FileGroupId', content: String(BIG) },
        { name: 'file', filename: 'a.txt', type: 'text/plain', content: 'hello' },
      ]);
      const res = await t.call(admin, {
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
      });
      expect(res.statusCode).toBe(400);
      expect(problem(res).field).toBe('FileGroupId');
    }
  });
});

describe('broken multipart bodies answer 4xx problem+json with a Chinese detail', () => {
  const b = 'b0undary';
  const file = { name: 'Files', filename: 'a.png', type: 'image/png', content: Buffer.alloc(100, 1) };
  const cases: [string, string, string | Buffer, number][] = [
    ['empty body', `multipart/form-data; boundary=${b}`, '', 400],
    ['no boundary', 'multipart/form-data', 'abc', 400],
    ['truncated', `multipart/form-data; boundary=${b}`, multipartBody(b, [file], false).subarray(0, 80), 400],
    ['unclosed', `multipart/form-data; boundary=${b}`, multipartBody(b, [file], false), 400],
    ['boundary longer than the parser allows', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x', 400],
  ];
  for (const url of [
    '/api/fs/FilesOss/v2/PictureUpload',
    '/api/fs/Files/AttachmentUpload',
    '/api/fs/FilesOss/v2/VideoUpload',
  ])
    it.each(cases)(`${url}: %s`, async (_name, type, payload, status) => {
      const res = await t.call(admin, { method: 'POST', url, payload, headers: { 'content-type': type } });
      expect(res.statusCode).toBe(status);
      expect(problem(res).detail).toMatch(/[\u4e00-\u9fff]/);
    });

  it('too many files and too large a file answer 4xx, not 500', async () => {
    const many = multipartBody(
      b,
      Array.from({ length: 12 }, () => file),
    );
    const big = multipartBody(b, [{ ...file, name: 'file', content: Buffer.alloc(1_300_000, 1) }]);
    const headers = { 'content-type': `multipart/form-data; boundary=${b}` };
    const r1 = await t.call(admin, {
      method: 'POST',
      url: '/api/fs/FilesOss/v2/PictureUpload',
      payload: many,
      headers,
    });
    const r2 = await t.call(admin, { method: 'POST', url: '/api/fs/Files/AttachmentUpload', payload: big, headers });
    for (const r of [r1, r2]) {
      expect([400, 413]).toContain(r.statusCode);
      expect(problem(r).detail).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('fields checked outside the call schema (multipart fields, the video list body) are refused in Chinese', () => {
  const b = 'b0undary';
  const png = { name: 'Files', filename: 'a.png', type: 'image/png', content: Buffer.alloc(100, 1) };
  const headers = (lang?: string) => ({
    'content-type': `multipart/form-data; boundary=${b}`,
    ...(lang ? { 'accept-language': lang } : {}),
  });
  const cases: [string, string, { name: string; content: string }[], string][] = [
    [
      '/api/fs/FilesOss/v2/PictureUpload',
      'Files',
      [{ name: 'Quality', content: 'abc' }],
      'Quality: 类型不正确，应为数字',
    ],
    [
      '/api/fs/Files/ChunkUpload',
      'file',
      [
        { name: 'PartNumber', content: '1' },
        { name: 'Chunks', content: '1' },
        { name: 'Total', content: '100' },
      ],
      'FileName: 必填',
    ],
  ];
  it.each(cases)('%s', async (url, fileField, fields, detail) => {
    const payload = multipartBody(b, [...fields, { ...png, name: fileField }]);
    const res = await t.call(admin, { method: 'POST', url, payload, headers: headers() });
    expect(res.statusCode).toBe(400);
    expect(problem(res).detail).toBe(detail);
    // The English console keeps zod's words after the field's name.
    const en = await t.call(admin, { method: 'POST', url, payload, headers: headers('en') });
    expect(problem(en).detail).toMatch(new RegExp(`^${detail.split(':')[0]}: Invalid input`));
  });

  it('the video list with its filters in a JSON body', async () => {
    const bad = await post('/api/caspush/v2/WjtVideo/GetPageDataAsync', { pageIndex: 1, keyword: 'k'.repeat(101) });
    expect(bad.statusCode).toBe(400);
    expect(problem(bad).detail).toBe('keyword: 最多 100 个字符');
  });
});

describe('JSON nesting is limited before any handler', () => {
  it('answers 400 「请求内容嵌套过深」 for 100,000 levels (was a stack overflow in the reply cache) and for 65', async () => {
    for (const body of [
      deepJson(100_000),
      `[${'['.repeat(64)}${']'.repeat(64)}]`,
      '['.repeat(100_000) + ']'.repeat(100_000),
    ]) {
      const res = await t.call(admin, {
        method: 'POST',
        url: '/api/maint/message/GetTypeList',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(problem(res).detail).toBe('请求内容嵌套过深');
    }
    const ok = await t.call(admin, {
      method: 'POST',
      url: '/api/maint/message/GetTypeList',
      payload: deepJson(20),
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('keys cached answers on the raw body: different bodies, different answers', async () => {
    const a = await post('/api/fs/Files/FileManager', { pageIndex: 1 });
    const b = await post('/api/fs/Files/FileManager', { pageIndex: 2 });
    const a2 = await post('/api/fs/Files/FileManager', { pageIndex: 1 });
    expect(a.json().pageIndex).toBe(1);
    expect(b.json().pageIndex).toBe(2);
    expect(a2.body).toBe(a.body);
  });
});
