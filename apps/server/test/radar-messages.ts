import { MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

/** The 客情雷达 tab of the message centre, first page, as the console asks for it. */
export async function radarTab(app: TestApp, token: string) {
  const res = await app.call(token, {
    method: 'POST',
    url: '/api/maint/message/GetMessagePage',
    payload: { pageIndex: 1, pageSize: 10, messageClassId: MESSAGE_CLASS.radar },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { title: string }[]; totalCount: number };
}

/** `n` radar messages for staff1 of company A (1,000 and more: the list's total is kept, lib/count-cache.ts). */
export async function addRadarMessages(t: TestApp, n: number) {
  await t.app.db.execute(sql`
    insert into messages (company_id, user_id, class_id, title, description)
    select ${t.ids.companyA}, ${t.ids.staff1}, ${MESSAGE_CLASS.radar}, '访客打开了名片 ' || g, '访客打开了名片'
    from generate_series(1, ${n}) g`);
}
