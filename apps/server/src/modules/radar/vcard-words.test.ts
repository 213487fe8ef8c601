/**
 * A card saved to the visitor's contacts (the card page's 保存到通讯录, a `download` of the card) is said one way
 * everywhere the console shows it: the lead drawer's timeline, the score's reason and the radar message. The
 * timeline said 下载了《…的名片》 / Downloaded “…” beside the reason's 将名片存入了通讯录 / Saved the vCard.
 */
import { MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { rowsOf } from '../../db/client.js';

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1'], { REPLY_CACHE_MS: '0' });

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const S = '/api/caspush/SstArticleShare';

let visitorId = 0;
let title = '';

beforeAll(async () => {
  const card = (await t.call(staff, { method: 'GET', url: `${S}/GetArticleCardAsync` })).json() as {
    empId: number;
    name: string;
  };
  const share = await t.call(staff, {
    method: 'POST',
    url: `${S}/ShareContent`,
    payload: { kind: 'card', id: card.empId },
  });
  expect(share.statusCode, share.body).toBe(200);
  const { code } = share.json() as { code: string };
  const page = await t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'user-agent': UA } });
  const cookie = String(page.headers['set-cookie']).split(';')[0];
  const beacon = (action: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/t',
      headers: { 'content-type': 'text/plain', 'user-agent': UA, cookie },
      payload: JSON.stringify({ code, action }),
    });
  expect((await beacon('view')).statusCode).toBe(204);
  // The page's 保存到通讯录 link.
  expect(page.body).toContain('data-track="download"');
  expect((await beacon('download')).statusCode).toBe(204);
  await t.app.ports.radar.drain();
  const [v] = rowsOf<{ id: number }>(
    await t.app.db.execute(sql`select id from visitors where visitor_key = ${cookie.split('=')[1]}`),
  );
  visitorId = v.id;
  title = `${card.name}的名片`;
});

const inLang = (lang: string) => ({ 'accept-language': lang });

async function timeline(lang: string) {
  const res = await t.call(staff, {
    method: 'POST',
    url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
    headers: inLang(lang),
    payload: { weChatUserInfoId: visitorId, pageIndex: 1, pageSize: 10 },
  });
  return (res.json().data as { message: string }[]).map((d) => d.message);
}

async function reasons(lang: string) {
  const res = await t.call(staff, {
    method: 'GET',
    url: `/api/cus/leads/Score?id=${visitorId}`,
    headers: inLang(lang),
  });
  return (res.json().reasons as { code: string; text: string }[]).filter((r) => r.code === 'vcard').map((r) => r.text);
}

async function radarTitles(lang: string) {
  const res = await t.call(staff, {
    method: 'POST',
    url: '/api/maint/message/GetMessagePage',
    headers: inLang(lang),
    payload: { pageIndex: 1, pageSize: 50, messageClassId: MESSAGE_CLASS.radar },
  });
  return (res.json().data as { title: string; routeLink: string }[])
    .filter((m) => m.routeLink.endsWith(`id=${visitorId}`))
    .map((m) => m.title);
}

describe('a card saved to contacts, in words', () => {
  it('reads the same in the timeline, the score reason and the radar message (zh-CN)', async () => {
    expect(await timeline('zh-CN')).toContain(`将《${title}》存入了通讯录`);
    expect(await reasons('zh-CN')).toEqual(['将名片存入了通讯录']);
    expect(await radarTitles('zh-CN')).toContain(`匿名访客 #${visitorId} 将《${title}》存入了通讯录`);
    expect((await timeline('zh-CN')).join('\n')).not.toContain('下载');
  });

  it('and in English', async () => {
    expect(await timeline('en')).toContain(`Saved \u201c${title}\u201d to contacts`);
    expect(await reasons('en')).toEqual(['Saved the card to contacts']);
    expect(await radarTitles('en')).toContain(
      `Anonymous visitor #${visitorId} saved the card \u201c${title}\u201d to contacts`,
    );
    expect((await timeline('en')).join('\n')).not.toMatch(/download/i);
  });
});
