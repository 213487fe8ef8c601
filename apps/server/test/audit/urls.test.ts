import { describe, expect, it } from 'vitest';
import { appForFile, type TestApp } from '../app.js';
import { multipartBody } from './fuzz-cases.js';

/**
 * One URL rule for every stored URL field (contracts `storedUrl`): script and HTML URLs and values that break out
 * of an attribute are refused with 400 naming the field, on every call that takes one.
 */

const {
  t,
  tokens: [admin],
} = await appForFile(['admin']);

const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml;base64,PHN2Zy8+',
  'vbscript:msgbox(1)',
  'https://example.com/a.png" onerror="alert(1)',
  "https://example.com/a.png' onerror='alert(1)",
  'https://example.com/<script>',
  'https://example.com/a b.png',
  'https://example.com/a\tb',
  '//evil.example/a.png',
  '/api/fs/../../etc/passwd',
  // A browser reads %2e as a dot in a path: this is /api/usr/session/SwitchToken/2, not a file.
  '/api/fs/%2e%2e/usr/session/SwitchToken/2',
  '/api/fs/raw/.%2E/%2E./usr/session/SwitchToken/2',
  '/s/../api/x',
  'ftp://example.com/a.png',
  'https://user:pass@example.com/a.png',
  `https://example.com/${'a'.repeat(300_001)}`,
];
const ACCEPTED = ['https://example.com/a.png', 'http://example.com/x/y.jpg?s=1', '/api/fs/raw/2026/abc-def.png'];

/** Each call with a URL field: how to send a value in it, and the field the answer names. */
interface UrlCall {
  name: string;
  field: string;
  send: (url: string) => ReturnType<TestApp['call']>;
  /** Values that pass the rule but that this call checks further (OssUpload fetches; only public http/https). */
  accepted?: string[];
}
const json =
  (method: string, url: string, body: (v: string) => object, token = () => admin) =>
  (v: string) =>
    t.call(token(), { method: method as 'POST', url, payload: body(v) });

const CALLS: UrlCall[] = [
  {
    name: 'daily share (Publish 10200) ImageUrl',
    field: 'description.ImageUrl',
    send: json('POST', '/api/maint/message/Publish', (v) => ({
      classId: 10200,
      title: 't',
      description: { BroadcastType: 1, Title: 't', ImageUrl: v },
    })),
  },
  {
    name: 'article AddNew thumbnail',
    field: 'thumbnail',
    send: json('POST', '/api/caspush/articlemanager/AddNew', (v) => ({
      title: 't',
      content: '<p>x</p>',
      thumbnail: v,
    })),
  },
  {
    name: 'article Update thumbnail',
    field: 'thumbnail',
    send: json('POST', '/api/caspush/articlemanager/Update', (v) => ({
      id: 1,
      title: 't',
      content: '<p>x</p>',
      thumbnail: v,
    })),
  },
  {
    name: 'video Create cover',
    field: 'videoPicUrl',
    send: json('POST', '/api/caspush/v2/WjtVideo/Create', (v) => ({ title: 't', fileId: 1, videoPicUrl: v })),
  },
  {
    name: 'video Update cover',
    field: 'videoPicUrl',
    send: json('POST', '/api/caspush/v2/WjtVideo/Update', (v) => ({ id: 1, title: 't', videoPicUrl: v })),
  },
  {
    name: 'website Create cover',
    field: 'cover',
    send: json('POST', '/api/visitingcard/miniWebsite/CreateMiniWebsite', (v) => ({ title: 't', cover: v })),
  },
  {
    name: 'website Create image block',
    field: 'blocks.0.url',
    send: json('POST', '/api/visitingcard/miniWebsite/CreateMiniWebsite', (v) => ({
      title: 't',
      blocks: [{ type: 'image', url: v }],
    })),
  },
  {
    name: 'website Modify cover',
    field: 'cover',
    send: json('PUT', '/api/visitingcard/miniWebsite/ModifyMiniWebsite/1', (v) => ({ title: 't', cover: v })),
  },
  {
    name: 'card avatar',
    field: 'avatar',
    send: json('PUT', '/api/visitingcard/empcard/Settings', (v) => ({
      name: 'n',
      avatar: v,
      isShowCompany: true,
      isShowPosition: true,
      isShowWeChat: true,
      isShowPhone: true,
    })),
  },
  {
    name: 'card WeChat QR code',
    field: 'weChatQRCode',
    send: json('PUT', '/api/visitingcard/empcard/UpdateUserWechat', (v) => ({
      weChatID: 'wx_abcdef',
      weChatQRCode: v,
    })),
  },
  {
    name: 'certification licence',
    field: 'licenceUrl',
    send: json('POST', '/api/cus/customer/SubmitAuth', (v) => ({
      companyName: 'c',
      creditCode: '91350100M000100Y43',
      legalPerson: 'p',
      licenceUrl: v,
    })),
  },
  {
    name: 'OssUpload url',
    field: 'url',
    send: json('POST', '/api/fs/Oss/OssUpload', (v) => ({ url: v })),
    // Its fetch is another check (and would leave the machine): only the shape is tested here.
    accepted: [],
  },
  {
    name: 'PictureUpload WaterMarkUrl',
    field: 'WaterMarkUrl',
    send: (v) =>
      t.call(admin, {
        method: 'POST',
        url: '/api/fs/FilesOss/v2/PictureUpload',
        headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
        payload: multipartBody('b0undary', [
          { name: 'IsEnableWaterMark', content: 'true' },
          { name: 'WaterMarkUrl', content: v },
          { name: 'Files', filename: 'a.png', type: 'image/png', content: Buffer.alloc(10, 1) },
        ]),
      }),
    // The watermark must further be a stored image of the caller's company.
    accepted: [],
  },
];

describe('one URL rule for every stored URL field', () => {
  it.each(CALLS.map((c) => [c.name, c] as const))('%s refuses script, HTML and quote-breaking URLs', async (_n, c) => {
    const wrong: string[] = [];
    for (const v of HOSTILE) {
      const res = await c.send(v);
      const body = res.json() as { field?: string };
      if (res.statusCode !== 400 || body.field !== c.field)
        wrong.push(`${v.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(CALLS.map((c) => [c.name, c] as const))('%s takes http(s) and the server’s own file URLs', async (_n, c) => {
    for (const v of c.accepted ?? ACCEPTED) {
      const res = await c.send(v);
      // Other checks may refuse the request (unknown id, missing file): never the URL field.
      expect((res.json() as { field?: string }).field ?? '').not.toBe(c.field);
    }
  });
});
