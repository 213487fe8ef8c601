import { MESSAGE_CLASS } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp } from '../../test/app.js';
import { messages } from '../db/schema/index.js';

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const visitors = (token: string) =>
  t.call(token, { method: 'POST', url: '/api/cus/UserBehavior/GetVisitorPageData', payload: { pageIndex: 1 } });
const radarUnread = async (token: string) => {
  const res = await t.call(token, { method: 'POST', url: '/api/maint/message/GetTypeList' });
  return (res.json() as { value: number; count: number }[]).find((c) => c.value === MESSAGE_CLASS.radar)?.count;
};

describe('answers sent again while nothing changed', () => {
  it('belong to their caller: each user and company gets its own answer, in any order', async () => {
    const first = { staff: (await visitors(staff)).body, admin: (await visitors(admin)).body };
    const b = (await visitors(bAdmin)).body;
    expect(first.staff).not.toBe(first.admin);
    expect(b).not.toBe(first.admin);
    const again = await visitors(staff);
    expect(again.body).toBe(first.staff);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['cache-control']).toBe('no-store');
    expect((await visitors(admin)).body).toBe(first.admin);
    expect((await visitors(bAdmin)).body).toBe(b);
  });

  it('are reused until a write goes through the server, which shows at once', async () => {
    const before = await radarUnread(staff);
    await t.app.db.insert(messages).values({
      companyId: t.ids.companyA,
      userId: t.ids.staff1,
      classId: MESSAGE_CLASS.radar,
      title: '直接写入',
    });
    // Written behind the server's back: the answer is the kept one…
    expect(await radarUnread(staff)).toBe(before);
    // …until the company's data moves, as every write through the server moves it.
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    expect(await radarUnread(staff)).toBe((before ?? 0) + 1);

    const list = () =>
      t.call(admin, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: { pageIndex: 1 } });
    const total = (await list()).json().totalCount as number;
    const add = await t.call(admin, {
      method: 'POST',
      url: '/api/caspush/articlemanager/AddNew',
      payload: { title: '缓存后新增的文章', content: '<p>正文</p>' },
    });
    expect(add.statusCode).toBe(200);
    const after = (await list()).json() as { totalCount: number; data: { title: string }[] };
    expect(after.totalCount).toBe(total + 1);
    expect(after.data.map((a) => a.title)).toContain('缓存后新增的文章');
  });

  it('are never kept with REPLY_CACHE_MS=0', async () => {
    const off = await createTestApp({ REPLY_CACHE_MS: '0' });
    try {
      const token = await off.login('staff1');
      const count = async () => {
        const res = await off.call(token, { method: 'POST', url: '/api/maint/message/GetTypeList' });
        return (res.json() as { value: number; count: number }[]).find((c) => c.value === MESSAGE_CLASS.radar)?.count;
      };
      const before = await count();
      await off.app.db
        .insert(messages)
        .values({ companyId: off.ids.companyA, userId: off.ids.staff1, classId: MESSAGE_CLASS.radar, title: 'x' });
      expect(await count()).toBe((before ?? 0) + 1);
    } finally {
      await off.close();
    }
  });
});
