/**
 * WeChat named a visitor's unionid (the same person across the company's official accounts and apps, whose openids
 * differ): the lead keeps it, and leads of the company with the same unionid become one (the oldest kept).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../../db/client.js';
import type { KeptVisitor, ShareInfo } from '../../../ports/index.js';
import { keptKey } from './aliases.js';
import { mergeByUnionid } from './service.js';

/** Answers the visitor key the browser should keep (an older lead of the same person), or undefined: its own. */
export async function wechatVisitor(
  app: FastifyInstance,
  share: ShareInfo,
  visitorKey: string,
  unionid: string,
): Promise<KeptVisitor | undefined> {
  const c = share.companyId;
  const u = unionid.slice(0, 128);
  const [own] = rowsOf<{ id: number | null; merged: boolean }>(
    await app.db.execute(sql`select (select id from visitors where company_id = ${c} and visitor_key = ${visitorKey}) as id,
      ${keptKey(c, visitorKey)} <> ${visitorKey} as merged`),
  );
  // A browser whose lead staff merged into another (merge/aliases.ts): its visits are that lead's already. WeChat's
  // word is not added to a staff member's guess: no unionid on the kept lead, and the browser keeps its own cookie
  // (handing it the kept lead's key would make it that other browser in every company).
  if (own?.merged) return undefined;
  if (!own?.id) {
    // A first visit: a lead of the same person already there is this visitor; nothing to merge.
    const [same] = rowsOf<{ k: string }>(
      await app.db.execute(sql`select visitor_key as k from visitors where company_id = ${c} and unionid = ${u}
        order by id limit 1`),
    );
    if (same) return { visitorKey: same.k };
    await app.db.execute(sql`insert into visitors (company_id, visitor_key, owner_id, clue_source, first_seen_at,
        last_seen_at, unionid)
      values (${c}, ${visitorKey}, ${share.sharerId || null}, ${share.kind}, now(), now(), ${u})
      on conflict (company_id, visitor_key) do update set unionid = coalesce(visitors.unionid, excluded.unionid)`);
    app.listTotals.forget(c, 'visitors');
    return undefined;
  }
  await app.db.execute(sql`update visitors set unionid = ${u} where company_id = ${c} and id = ${own.id}
    and unionid is null`);
  const kept = await mergeByUnionid(app.db, c, u);
  app.listTotals.forget(c, 'visitors');
  app.companyVersions.bump(c, 'events');
  return kept && kept !== visitorKey ? { visitorKey: kept } : undefined;
}
