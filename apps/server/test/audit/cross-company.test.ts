import { EVENT_KIND } from '@huoke/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../app.js';

/**
 * DESIGN §4: no id-taking call reaches another company's rows. Company A's rows (seeded, or created here
 * through the API) are addressed by the admin of company B: each call answers 404 (403 where the route is for
 * operators only), and the row is unchanged afterwards.
 */
type Kind =
  | 'article'
  | 'document'
  | 'file'
  | 'fileGroup'
  | 'share'
  | 'poster'
  | 'miniWebsite'
  | 'visitor'
  | 'message'
  | 'guestbook'
  | 'order'
  | 'keyword'
  | 'invitation'
  | 'joinApplication'
  | 'memberUser'
  | 'company'
  | 'certification'
  | 'merge'
  | 'keywordSet';

// biome-ignore lint/suspicious/noExplicitAny: drizzle tables of every shape
const TABLES: Partial<Record<Kind, PgTable & { id: any; companyId: any }>> = {
  article: s.articles,
  document: s.documents,
  file: s.files,
  fileGroup: s.fileGroups,
  share: s.shares,
  poster: s.posters,
  miniWebsite: s.miniWebsites,
  visitor: s.visitors,
  message: s.messages,
  guestbook: s.guestbook,
  order: s.orders,
  keyword: s.mediaKeywords,
  invitation: s.companyInvitations,
  joinApplication: s.joinApplications,
  certification: s.certifications,
  merge: s.leadMerges,
  keywordSet: s.keywordSets,
};

/** Which kind of row a parameter names, by route (regex on `METHOD path`) and parameter name. */
const MAP: [RegExp, string, Kind][] = [
  [/ \/api\/caspush\/articlemanager/, 'id', 'article'],
  [/ \/api\/caspush\/articlemanager\/SetArticleShare/, 'articleId', 'article'],
  [/WjtDocument/, 'id', 'document'],
  [/WjtDocument/, 'fileIds', 'file'],
  [/WjtVideo/, 'fileId', 'file'],
  [/FileGroup/, 'id', 'fileGroup'],
  [/FileManager/, 'fileGroupId', 'fileGroup'],
  [/OssUpload/, 'FileGroupId', 'fileGroup'],
  [/ConvertOfficeToPdf/, 'fileId', 'file'],
  [/SstArticleShare\/(Template)?ShareAsync/, 'articleManagerId', 'article'],
  [/SstArticleShare\/(Template)?ShareAsync/, 'relationIds', 'article'],
  [/SstArticleShare\/(Template)?ShareAsync/, 'relationWjtDocumentIds', 'document'],
  [/SstArticleShare\/ShareContent/, 'id', 'share'],
  [/SstArticleShare\/Active/, 'code', 'share'],
  [/chains\/ShareSpread/, 'code', 'share'],
  [/SstArticleShare\/PushToApp/, 'articleId', 'article'],
  [/poster\/detail/, 'id', 'poster'],
  [/miniWebsite\/(Modify|Del)MiniWebsite/, 'id', 'miniWebsite'],
  [/miniWebsite\/ListSortSubmit/, 'ids', 'miniWebsite'],
  [/WeChatUserInfo\/Detail/, 'id', 'visitor'],
  [/AddOrUpdateWeChatInfo/, 'id', 'visitor'],
  [/UserBehavior/, 'weChatUserInfoId', 'visitor'],
  [/IntentProList/, 'id', 'visitor'],
  [/cus\/chains\/LeadSource/, 'id', 'visitor'],
  [/cus\/chains\/ContentSpread/, 'contentId', 'article'],
  [/cus\/merge\/Merge/, 'a', 'visitor'],
  [/cus\/merge\/Merge/, 'b', 'visitor'],
  [/cus\/merge\/List/, 'visitorId', 'visitor'],
  [/cus\/merge\/Undo/, 'id', 'merge'],
  [/cus\/leads\/(Score|FollowUps)/, 'id', 'visitor'],
  [/cus\/leads\/FollowUps/, 'visitorId', 'visitor'],
  [/cus\/leads\/Hot/, 'id', 'message'],
  [/crm\/content-stats\//, 'ids', 'article'],
  [/crm\/content-stats\//, 'id', 'article'],
  [/crm\/export\/ContentReaders/, 'id', 'article'],
  [/ExpandWords\/Sets\/\{id\}/, 'id', 'keywordSet'],
  [/message\/IsRead/, 'id', 'message'],
  [/WjtBroadcast\/Get/, 'id', 'message'],
  [/guestbook/, 'id', 'guestbook'],
  [/\/cus\/order\//, 'id', 'order'],
  [/SvideoProductKeyword\/\{id\}/, 'id', 'keyword'],
  [/companymember\/Invitation/, 'id', 'invitation'],
  [/users\/(Accept|Decline)Invitation/, 'id', 'invitation'],
  [/companymember\/(Approve|Refuse)Application/, 'id', 'joinApplication'],
  [/companymember\/(Role\/)?\{id\}/, 'id', 'memberUser'],
  [/UpdatePassWordAdmin|GetCustomerPasswordbyAccountId/, 'id', 'memberUser'],
  [/SwitchToken/, 'id', 'company'],
  [/customerauth\/(Approve|Reject)/, 'id', 'certification'],
];

/** Id-looking parameters that are not another company's rows: filters on shared types, codes, own-session values. */
const NOT_ROWS: [RegExp, string][] = [
  [/./, 'typeId'],
  [/./, 'wjtDocumentTypeId'],
  [/./, 'wjtVideoTypeId'],
  [/./, 'messageClassId'],
  [/ReadClass/, 'classId'],
  [/MySysNavList/, 'ids'],
  [/RegisterCompany/, 'regionId'],
  [/order\/Create/, 'productId'],
  [/SaveBinding/, 'appId'],
  [/UpdatePhoneByCode/, 'id'],
  [/LoginSecretKey/, 'key'],
  // Codes are service codes, SMS codes and public-view codes, except a share's code (MAP: a share of company A).
  [/^(?!.*(SstArticleShare\/Active|chains\/ShareSpread))/, 'code'],
  [/./, 'hash'],
  [/./, 'flag'],
  [/GetWDXGeneralTrend/, 'a'],
  [/GetWDXGeneralTrend/, 'b'],
  [/GetNews/, 'id'], // SEO news are shared by every company
  [/ChunkStatus/, 'uploadId'], // a random upload token, checked against the session's user
  [/GetCardQR/, 'id'], // the caller's own card
  [/ShareAsync/, 'relationWjtVideoIds'], // no video row without a real video upload (covered by videos.test.ts)
  [/WjtVideo/, 'id'],
  [/cus\/audit\//, 'actorId'], // a filter: another company's person finds no row (audit.test.ts checks it)
  [/GetVisitorPageData|crm\/export\/Visitors/, 'sharerId'], // a filter: another company's member brought nobody here (radar.test.ts)
  [/./, 'customerId'], // the company comes from the session; a customerId in the query is ignored
];

/** Routes answering 403 to any company admin (operator only): 403 is the SPEC answer, not 404. */
const FORBIDDEN_OK = [/customerauth\/(Approve|Reject)/, /cus\/order\/(MarkPaid|Refund)/];

/**
 * List filters that may answer an empty page for another company's id: the per-content figures of the ids on the
 * screen's page (an id of another company matches no row of the caller's company, so nothing is shown).
 */
const EMPTY_OK: RegExp[] = [/crm\/content-stats\/List/];

/** Bodies the schema sample cannot make valid (cross-field rules), so the id check is reached. */
const BODY: [RegExp, object][] = [
  [/UpdatePassWordAdmin/, { password: 'audit_123456' }],
  [/PUT \/api\/cus\/guestbook/, { handled: true, reply: '已处理' }],
];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  format?: string;
}
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** A minimal valid value of a JSON schema. */
function sample(sc: Schema | undefined, depth = 0): unknown {
  if (!sc || depth > 5) return 'x';
  if (sc.const !== undefined) return sc.const;
  if (sc.enum?.length) return sc.enum[0];
  // A union (anyOf) or a tagged union (oneOf: a mini-website's blocks, of which one is required): its first kind.
  const alt = sc.anyOf ?? sc.oneOf;
  if (alt?.length) return sample(alt.find((x) => x.type !== 'null') ?? alt[0], depth + 1);
  const type = [sc.type].flat().find((x) => x !== 'null');
  if (type === 'integer' || type === 'number') return Math.max(1, sc.minimum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'array') return Array.from({ length: sc.minItems ?? 0 }, () => sample(sc.items, depth + 1));
  if (type === 'object')
    return Object.fromEntries((sc.required ?? []).map((k) => [k, sample(sc.properties?.[k], depth + 1)]));
  if (sc.format === 'uri') return 'https://example.com/a.png';
  if (sc.format === 'email') return 'a@example.com';
  return 'x'.repeat(Math.max(1, sc.minLength ?? 1));
}

/** Parameter names that may address a row: `id`, `…Id`, `ids`, `…Ids`, codes, keys and bare path letters. */
const isIdName = (n: string) => /(^id|Id|^ids|Ids|^code|^key|^hash|^flag|^a|^b)$/.test(n);

let t: TestApp;
let adminA: string;
let adminB: string;
const ids: Partial<Record<Kind, number | string>> = {};
const codeOfShare: { code?: string } = {};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function post(token: string, url: string, payload: unknown) {
  return t.call(token, { method: 'POST', url, payload: payload as object });
}

function multipart(name: string, filename: string, type: string, data: Buffer) {
  const boundary = '----audit';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function snapshot(kind: Kind): Promise<unknown> {
  const table = TABLES[kind];
  if (!table || ids[kind] === undefined) return null;
  const rows = await t.app.db.select().from(table).where(eq(table.id, ids[kind]));
  return JSON.parse(JSON.stringify(rows));
}

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.login('admin');
  adminB = await t.login('badmin');
  // Company B gets every service code, so a 403 for a missing code cannot hide a leak.
  await t.app.db.update(s.companies).set({ productId: t.ids.productFull }).where(eq(s.companies.id, t.ids.companyB));
  adminB = await t.login('badmin');

  // Rows of company A created through the API.
  const group = await post(adminA, '/api/fs/FileGroup/Add', { name: '审计组' });
  expect(group.statusCode).toBe(200);
  ids.fileGroup = group.json().id;
  const up = await t.call(adminA, {
    method: 'POST',
    url: '/api/fs/FilesOss/v2/PictureUpload',
    ...multipart('Files', 'a.png', 'image/png', PNG),
  });
  expect(up.statusCode, up.body).toBe(200);
  ids.file = up.json().files[0].id;
  const art = await post(adminA, '/api/caspush/articlemanager/AddNew', { title: '审计文章', content: '<p>正文</p>' });
  expect(art.statusCode, art.body).toBe(200);
  ids.article = art.json().id ?? art.json().data?.id;
  const doc = await post(adminA, '/api/caspush/v2/WjtDocument/CreateMany', { fileIds: [ids.file] });
  expect(doc.statusCode, doc.body).toBe(200);
  ids.document = doc.json().data[0].id;
  const shared = await post(adminA, '/api/caspush/SstArticleShare/ShareAsync', { articleManagerId: ids.article });
  expect(shared.statusCode, shared.body).toBe(200);
  codeOfShare.code = shared.json().code;
  const order = await post(adminA, '/api/cus/order/Create', { productId: t.ids.productStandard });
  if (order.statusCode === 200) ids.order = order.json().id ?? order.json().data?.id;

  // Other kinds: any seeded row of company A.
  for (const [kind, table] of Object.entries(TABLES) as [Kind, NonNullable<(typeof TABLES)[Kind]>][]) {
    if (ids[kind] !== undefined || kind === 'share') continue;
    const [row] = await t.app.db.select().from(table).where(eq(table.companyId, t.ids.companyA)).limit(1);
    if (row) ids[kind] = (row as { id: number }).id;
  }
  // A merge of two other leads of company A (its undo is addressed by the merge's id).
  const pair = await t.app.db
    .select({ id: s.visitors.id })
    .from(s.visitors)
    .where(and(eq(s.visitors.companyId, t.ids.companyA), ne(s.visitors.id, Number(ids.visitor))))
    .limit(2);
  const merged = await post(adminA, '/api/cus/merge/Merge', { a: pair[0].id, b: pair[1].id });
  expect(merged.statusCode, merged.body).toBe(200);
  ids.merge = merged.json()[0].id;
  const [share] = await t.app.db.select().from(s.shares).where(eq(s.shares.code, codeOfShare.code!));
  ids.share = share.id;
  ids.memberUser = t.ids.staff1;
  ids.company = t.ids.companyA;
  const set = await post(adminA, '/api/newmedia/ExpandWords/Sets', {
    name: '审计词组',
    cores: ['装修'],
    regions: [],
    modifiers: [],
  });
  expect(set.statusCode, set.body).toBe(200);
  ids.keywordSet = set.json().id;
});
afterAll(() => t?.close());

describe('cross-company matrix', () => {
  it('has a row of company A for each kind', () => {
    const missing = (
      [
        'article',
        'document',
        'file',
        'fileGroup',
        'share',
        'miniWebsite',
        'visitor',
        'message',
        'guestbook',
        'order',
        'keyword',
      ] as Kind[]
    ).filter((k) => ids[k] === undefined);
    expect(missing).toEqual([]);
  });

  it('answers 404 to company B for every id of company A, and leaves the rows unchanged', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const before = new Map<Kind, unknown>();
    for (const k of Object.keys(TABLES) as Kind[]) before.set(k, await snapshot(k));

    const unmapped: string[] = [];
    const bad: string[] = [];
    let checked = 0;
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, op] of Object.entries(byMethod)) {
        const key = `${method.toUpperCase()} ${path}`;
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const names = [
          ...(op.parameters ?? []).map((p) => ({ name: p.name, in: p.in })),
          ...Object.keys(bodySchema?.properties ?? {}).map((name) => ({ name, in: 'body' })),
        ].filter((p) => isIdName(p.name) && p.in !== 'header');
        for (const p of names) {
          if (NOT_ROWS.some(([re, n]) => re.test(key) && n === p.name)) continue;
          const kind = MAP.find(([re, n]) => re.test(key) && n === p.name)?.[2];
          if (!kind) {
            unmapped.push(`${key} ${p.in}:${p.name}`);
            continue;
          }
          const raw = kind === 'share' && p.name === 'code' ? codeOfShare.code : ids[kind];
          if (raw === undefined) continue;
          const asArray = /ids$/i.test(p.name);
          const value = asArray ? [raw] : raw;
          // Other parameters get minimal valid values.
          let url = path.replace(/\{(\w+)\}/g, (_m, n: string) =>
            n === p.name ? encodeURIComponent(String(raw)) : n === 'id' ? '1' : 'x',
          );
          const query = (op.parameters ?? [])
            .filter((q) => q.in === 'query' && (q.required || q.name === p.name))
            .map((q) => `${q.name}=${encodeURIComponent(String(q.name === p.name ? raw : sample(q.schema)))}`);
          if (query.length) url += `?${query.join('&')}`;
          const body = bodySchema
            ? {
                ...(sample(bodySchema) as object),
                ...BODY.find(([re]) => re.test(key))?.[1],
                ...(p.in === 'body' ? { [p.name]: value } : {}),
              }
            : undefined;
          const res = await t.call(adminB, {
            method: method.toUpperCase() as 'GET',
            url,
            ...(body !== undefined ? { payload: body } : {}),
          });
          checked++;
          const ok =
            res.statusCode === 404 ||
            (res.statusCode === 403 && FORBIDDEN_OK.some((re) => re.test(key))) ||
            (res.statusCode === 200 && EMPTY_OK.some((re) => re.test(key)) && res.json().totalCount === 0);
          if (!ok) bad.push(`${key} ${p.in}:${p.name}=${String(raw)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(unmapped).toEqual([]);
    expect(bad).toEqual([]);
    expect(checked).toBeGreaterThan(40);

    for (const k of Object.keys(TABLES) as Kind[]) expect(await snapshot(k), k).toEqual(before.get(k));
    // Company A still sees its article.
    const again = await t.call(adminA, { method: 'GET', url: `/api/caspush/articlemanager/${ids.article}` });
    expect(again.statusCode).toBe(200);
  });
});

describe('calls naming a content by kind and id', () => {
  it('answer 404 to company B for company A’s document, video, mini-site and card in every kind, not only the first', async () => {
    const first = async (table: typeof s.videos | typeof s.miniWebsites | typeof s.cards | typeof s.documents) => {
      const [row] = await t.app.db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.companyId, t.ids.companyA))
        .limit(1);
      expect(row, 'a seeded row of company A').toBeDefined();
      return row.id;
    };
    const a = {
      article: Number(ids.article),
      document: await first(s.documents),
      video: await first(s.videos),
      website: await first(s.miniWebsites),
      card: await first(s.cards),
    };
    const calls: [string, string, object?][] = [];
    for (const kind of ['article', 'document', 'video', 'website'] as const) {
      const id = a[kind];
      calls.push(
        ['GET', `/api/crm/content-stats/Detail?kind=${kind}&id=${id}`],
        ['GET', `/api/crm/content-stats/Readers?kind=${kind}&id=${id}&pageIndex=1&pageSize=10`],
        ['GET', `/api/crm/export/ContentReaders?kind=${kind}&id=${id}&format=csv`],
      );
    }
    for (const kind of ['video', 'document', 'card', 'website'] as const)
      calls.push(['POST', '/api/caspush/SstArticleShare/ShareContent', { kind, id: a[kind] }]);
    const spread: [number, number][] = [
      [EVENT_KIND.article, a.article],
      [EVENT_KIND.brochure, a.document],
      [EVENT_KIND.video, a.video],
      [EVENT_KIND.microSite, a.website],
      [EVENT_KIND.card, a.card],
    ];
    for (const [kind, id] of spread) calls.push(['GET', `/api/cus/chains/ContentSpread?kind=${kind}&contentId=${id}`]);
    for (const type of ['article', 'video'] as const)
      calls.push([
        'POST',
        '/api/visitingcard/miniWebsite/CreateMiniWebsite',
        { title: '审计', blocks: [{ type, id: a[type] }] },
      ]);
    calls.push([
      'POST',
      '/api/caspush/SstArticleShare/ShareAsync',
      { articleManagerId: a.article, relationWjtVideoIds: [a.video] },
    ]);

    const bad: string[] = [];
    for (const [method, url, payload] of calls) {
      const res = await t.call(adminB, { method: method as 'GET', url, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 404)
        bad.push(`${method} ${url} ${JSON.stringify(payload ?? '')} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(bad).toEqual([]);
  });
});
