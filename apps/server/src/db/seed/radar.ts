import { EVENT_KIND, MESSAGE_CLASS } from '@huoke/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { dayOf } from '../../lib/days.js';
import { describeEvent, type RadarParams } from '../../modules/radar/describe.js';
import type { DbOrTx } from '../client.js';
import {
  articles,
  behaviorDaily,
  behaviorEvents,
  cards,
  documents,
  guestbook,
  messages,
  miniWebsites,
  shareActions,
  shareDays,
  shareForwards,
  shares,
  videos,
  visitorDays,
  visitorLinks,
  visitors,
} from '../schema/index.js';
import type { SeededAccounts } from './accounts.js';
import { posterArtUrl } from './sharing.js';

const DAY = 86_400_000;

/** Demo data of the radar area: a handful of visitors of company A with 15 days of events, messages of each class. */
export async function seedRadar(tx: DbOrTx, ids: SeededAccounts): Promise<void> {
  const now = Date.now();
  const people = [
    {
      nickname: '陈先生',
      phone: '13911110001',
      company: '华东贸易有限公司',
      position: '采购经理',
      owner: ids.staff1,
      source: EVENT_KIND.article,
      unionid: 'demo-union-1',
      headimgurl: '',
      /** Days ago the visitor came: every day of the last two weeks (the hottest lead). */
      days: [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    },
    {
      nickname: '刘女士',
      phone: '13911110002',
      company: '',
      position: '',
      owner: ids.staff1,
      source: EVENT_KIND.card,
      unionid: null,
      headimgurl: '',
      /** Every third day: warm. */
      days: [13, 10, 7, 4, 1],
    },
    {
      nickname: '',
      phone: '',
      company: '',
      position: '',
      owner: ids.multi,
      source: EVENT_KIND.video,
      unionid: null,
      headimgurl: '',
      /** Busy two weeks ago, then gone: the score has cooled. */
      days: [14, 13, 12, 11],
    },
    {
      nickname: '周总',
      phone: '13911110004',
      company: '远景科技',
      position: '总经理',
      owner: ids.admin,
      source: EVENT_KIND.product,
      unionid: 'demo-union-4',
      headimgurl: '',
      /** New this week and back every day since. */
      days: [3, 2, 1, 0],
    },
    {
      nickname: '吴同学',
      phone: '',
      company: '',
      position: '',
      owner: ids.staff1,
      source: EVENT_KIND.microSite,
      unionid: null,
      headimgurl: '',
      /** Now and then: lukewarm. */
      days: [9, 5, 2],
    },
    {
      nickname: '孙经理',
      phone: '13911110006',
      company: '星河物流',
      position: '运营总监',
      owner: ids.staff1,
      source: EVENT_KIND.article,
      unionid: null,
      headimgurl: '',
      /** New yesterday, and sent a consult request on the article read (the brief's 昨日留资线索 and 昨日咨询). */
      days: [1],
      consult: true,
    },
  ];
  const rows = await tx
    .insert(visitors)
    .values(
      people.map((p, i) => ({
        companyId: ids.companyA,
        visitorKey: `demo-visitor-${i + 1}`,
        unionid: p.unionid,
        nickname: p.nickname,
        headimgurl: p.headimgurl,
        phone: p.phone,
        company: p.company,
        position: p.position,
        ownerId: p.owner,
        clueSource: p.source,
        // Set from the events below.
        firstSeenAt: new Date(now - 14 * DAY),
        lastSeenAt: new Date(now - i * 3_600_000),
      })),
    )
    .returning({ id: visitors.id });

  const titles: Record<number, string[]> = {
    [EVENT_KIND.article]: ['2026 春季新品发布', '如何用内容获客', '行业白皮书解读'],
    [EVENT_KIND.card]: [''],
    [EVENT_KIND.product]: ['智能门锁 X1', '云监控套装', '会议平板 Pro', '商用净水器', '无线投屏器', '智能照明系统'],
    [EVENT_KIND.video]: ['产品演示视频', '客户案例'],
    [EVENT_KIND.microSite]: ['企业微官网'],
    [EVENT_KIND.brochure]: ['2026 产品手册'],
  };
  const kinds = [
    EVENT_KIND.article,
    EVENT_KIND.card,
    EVENT_KIND.product,
    EVENT_KIND.product,
    EVENT_KIND.video,
    EVENT_KIND.microSite,
    EVENT_KIND.brochure,
  ];
  // The events point at the company's real content where there is some (per-content figures of the lists), by its
  // id and its title (the radar, the lead's reasons and the brief name what the visitor read).
  const rowsOf = async (table: typeof articles | typeof documents | typeof videos | typeof miniWebsites) =>
    tx
      .select({ id: table.id, title: table.title })
      .from(table)
      .where(eq(table.companyId, ids.companyA))
      .orderBy(asc(table.id));
  const real: Record<number, { id: number; title: string }[]> = {
    [EVENT_KIND.article]: await rowsOf(articles),
    [EVENT_KIND.brochure]: await rowsOf(documents),
    [EVENT_KIND.video]: await rowsOf(videos),
    [EVENT_KIND.microSite]: await rowsOf(miniWebsites),
  };
  const realIds: Record<number, number[]> = Object.fromEntries(
    Object.entries(real).map(([kind, rows]) => [kind, rows.map((r) => r.id)]),
  );
  // Products have no items of their own (a card shows them): their visits carry a number per product name only.
  const contentOf = (kind: number, ti: number) => {
    if (kind === EVENT_KIND.card) return null;
    if (kind === EVENT_KIND.product) return 1000 * kind + ti;
    const id = realIds[kind]?.[ti];
    if (id === undefined) throw new Error(`seed: no item ${ti} of kind ${kind} for the demo visits`);
    return id;
  };
  const titleOf = (kind: number, ti: number) => real[kind]?.[ti]?.title ?? titles[kind][ti];
  // Every event came through a share link of its visitor's sharer: one per shared item (products are shown on the
  // sharer's card, so their views came through the card's link).
  const onCard = (kind: number) => kind === EVENT_KIND.card || kind === EVENT_KIND.product;
  const shareCodeOf = (sharer: number, kind: number, ti: number) =>
    onCard(kind) ? `demo-${sharer}-card` : `demo-${sharer}-${kind}-${ti}`;
  const events: (typeof behaviorEvents.$inferInsert)[] = [];
  // Park–Miller: exact in doubles, the same demo data on every seed.
  let seed = 20_261_123;
  const rnd = (n: number) => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed % n;
  };
  // Each visitor keeps its own rhythm (people[].days), so the demo leads range from hot to cooled off.
  const lastDay = (vi: number) => Math.min(...people[vi].days);
  // People read in working hours, China time: `minutes` after 09:00 on the day `d` days ago (plus a few per visitor,
  // so that today's visitors keep their order); a time today still to come moves into the hour before the seed.
  const workingTime = (d: number, minutes: number, vi: number) => {
    const start = Date.parse(`${dayOf(now - d * DAY)}T09:00:00+08:00`);
    const at = start + (minutes + vi * 7) * 60_000;
    return new Date(at < now - 60_000 ? at : now - ((minutes % 50) + vi + 1) * 60_000);
  };
  // A visit as the share page reports it: a view on opening, a read with the time spent on leaving (a read still
  // going on at seed time ends now; every visit starts at least a minute before it).
  type On = Omit<typeof behaviorEvents.$inferInsert, 'action' | 'durationMs' | 'ts'>;
  const onContent = (visitorId: number, sharer: number, kind: number, ti: number): On => ({
    companyId: ids.companyA,
    visitorId,
    sharerId: sharer,
    shareCode: shareCodeOf(sharer, kind, ti),
    kind,
    contentId: contentOf(kind, ti),
    contentTitle: titleOf(kind, ti),
  });
  const visit = (on: On, at: Date, ms: number) => {
    const left = Math.min(at.getTime() + ms, now - 1000);
    events.push(
      { ...on, action: 'view', durationMs: 0, ts: at },
      { ...on, action: 'read', durationMs: left - at.getTime(), ts: new Date(left) },
    );
  };
  rows.forEach((v, vi) => {
    const sharer = people[vi].owner;
    for (const d of people[vi].days) {
      // The leads that still come today read more in the last three days.
      const n = rnd(3) + 1 + (d < 3 && lastDay(vi) === 0 ? 2 : 0);
      for (let k = 0; k < n; k++) {
        const kind = kinds[rnd(kinds.length)];
        const list = titles[kind];
        const ti = rnd(list.length);
        const ms = (rnd(120) + 5) * 1000;
        const on = onContent(v.id, sharer, kind, ti);
        visit(on, workingTime(d, rnd(600), vi), ms);
      }
    }
    // The consult came after reading the article for three minutes: a hot moment each, in the brief's reasons.
    if ('consult' in people[vi]) {
      const on = onContent(v.id, sharer, EVENT_KIND.article, 1);
      visit(on, workingTime(lastDay(vi), 396, vi), 192_000);
      events.push({ ...on, action: 'consult', durationMs: 0, ts: workingTime(lastDay(vi), 400, vi) });
    }
    // Known visitors called or added the sharer's WeChat once, from the sharer's card (the event keeps the page it
    // came from, as the share page's beacon stores it); the anonymous one only read.
    if (!people[vi].nickname) return;
    events.push({
      ...onContent(v.id, sharer, EVENT_KIND.card, 0),
      kind: vi % 2 ? EVENT_KIND.addWeChat : EVENT_KIND.phoneCall,
      action: vi % 2 ? 'wechat' : 'call',
      durationMs: 0,
      ts: workingTime(lastDay(vi), 60 + vi * 53, vi),
    });
  });
  // A forwarding chain for the spread view and the lead's source: 陈先生 read staff1's link of the second article two
  // days ago and forwarded it; 孙经理 opened his forward yesterday (his visits and consult above, through the same
  // link) and sits a level below him (来源：陈先生 转发（第 2 层）).
  const chainOn = onContent(rows[0].id, people[0].owner, EVENT_KIND.article, 1);
  const chainReadAt = workingTime(2, 90, 0);
  visit(chainOn, chainReadAt, 150_000);
  events.push({ ...chainOn, action: 'forward', durationMs: 0, ts: new Date(chainReadAt.getTime() + 160_000) });
  await tx.insert(behaviorEvents).values(events);
  const forwarded = events
    .filter((e) => e.visitorId === rows[5].id && e.shareCode === chainOn.shareCode)
    .map((e) => (e.ts as Date).getTime());
  await tx.insert(shareForwards).values({
    companyId: ids.companyA,
    shareCode: chainOn.shareCode ?? '',
    visitorId: rows[5].id,
    parentVisitorId: rows[0].id,
    depth: 2,
    createdAt: new Date(Math.min(...forwarded)),
  });
  await seedShareLinks(tx, ids, events, realIds);
  // First and last seen as the events say.
  const seen = rows.map((v) => {
    const times = events.filter((e) => e.visitorId === v.id).map((e) => (e.ts as Date).getTime());
    return { first: new Date(Math.min(...times)), last: new Date(Math.max(...times)) };
  });
  for (const [i, v] of rows.entries())
    await tx
      .update(visitors)
      .set({ firstSeenAt: seen[i].first, lastSeenAt: seen[i].last })
      .where(eq(visitors.id, v.id));

  const daily = new Map<string, typeof behaviorDaily.$inferInsert>();
  for (const e of events) {
    const day = dayOf(e.ts);
    const key = `${day}:${e.kind}:${e.sharerId}`;
    const cur = daily.get(key);
    if (cur) cur.count = (cur.count ?? 0) + 1;
    else daily.set(key, { companyId: ids.companyA, day, kind: e.kind, sharerId: e.sharerId ?? 0, count: 1 });
  }
  await tx.insert(behaviorDaily).values([...daily.values()]);
  const days = new Map<string, typeof visitorDays.$inferInsert>();
  for (const e of events) {
    const day = dayOf(e.ts);
    const sharerId = e.sharerId ?? 0;
    days.set(`${day}:${sharerId}:${e.visitorId}`, { companyId: ids.companyA, day, sharerId, visitorId: e.visitorId });
  }
  await tx.insert(visitorDays).values([...days.values()]);
  // Per-content rollups, as the ingest would have written them: by the share's kind and content (the same rule as
  // the backfill migration).
  await tx.execute(sql`
    insert into content_daily (company_id, day, kind, content_id, sharer_id, lane, views, read_ms, consults)
    select e.company_id, (e.ts at time zone 'Asia/Shanghai')::date, coalesce(s.kind, e.kind), coalesce(e.content_id, 0),
           coalesce(e.sharer_id, 0), 0,
           count(*) filter (where e.action = 'view'), coalesce(sum(e.duration_ms) filter (where e.action = 'read'), 0),
           count(*) filter (where e.action in ('consult', 'submit'))
    from behavior_events e left join shares s on s.company_id = e.company_id and s.code = e.share_code
    where e.company_id = ${ids.companyA} group by 1, 2, 3, 4, 5`);
  await tx.execute(sql`
    insert into content_visitor_days (company_id, kind, content_id, day, visitor_id)
    select distinct e.company_id, coalesce(s.kind, e.kind), coalesce(e.content_id, 0),
           (e.ts at time zone 'Asia/Shanghai')::date, e.visitor_id
    from behavior_events e left join shares s on s.company_id = e.company_id and s.code = e.share_code
    where e.company_id = ${ids.companyA}`);
  await tx.insert(visitorLinks).values(
    rows.map((v, i) => ({
      companyId: ids.companyA,
      sharerId: people[i].owner,
      visitorId: v.id,
      lastSeenAt: seen[i].last,
    })),
  );

  // The daily share goes out at 08:00 China time: the morning of its day, or of the day before while today's is to come.
  const morning = (d: number) => {
    const at = Date.parse(`${dayOf(now - d * DAY)}T08:00:00+08:00`);
    return new Date(at <= now ? at : at - DAY);
  };
  await tx.insert(messages).values([
    {
      companyId: ids.companyA,
      classId: MESSAGE_CLASS.system,
      title: '获客通 2.0 上线公告',
      description: '<p>获客通 2.0 已上线：<strong>访客雷达</strong>实时提醒、行为统计全面升级。</p>',
      createdAt: new Date(now - 3 * DAY),
    },
    {
      companyId: ids.companyA,
      classId: MESSAGE_CLASS.system,
      title: '系统维护通知',
      description: '<p>本周六 02:00-04:00 进行系统维护，期间可能无法访问。</p>',
      createdAt: new Date(now - DAY),
    },
    {
      companyId: ids.companyA,
      classId: MESSAGE_CLASS.dailyShare,
      title: '早安海报',
      description: JSON.stringify({
        BroadcastType: 1,
        // A poster is its image (海报详情 composes it): the built-in art the poster library shows too.
        ImageUrl: posterArtUrl(1),
        Title: '早安海报',
        ShortContent: '新的一天，从分享开始。',
      }),
      createdAt: morning(2),
    },
    {
      companyId: ids.companyA,
      classId: MESSAGE_CLASS.dailyShare,
      title: '每日一文：内容获客三步法',
      description: JSON.stringify({
        BroadcastType: 2,
        ImageUrl: '',
        Title: '每日一文：内容获客三步法',
        ShortContent: '第一步，选好内容；第二步，分享到客户圈；第三步，用访客雷达跟进。',
      }),
      createdAt: morning(0),
    },
    // Each visitor's latest opening of a page, as the ingest writes its message (it said 打开了文章《…白皮书》 for
    // everyone, whatever their timeline held). The event is kept too: the message centre says it in the reader's
    // language.
    ...rows.map((v, i) => {
      const last = events
        .filter((e) => e.visitorId === v.id && e.action === 'view')
        .reduce((a, b) => ((b.ts as Date) > (a.ts as Date) ? b : a));
      const params = { k: last.kind, a: 'view', t: last.contentTitle ?? '' } satisfies RadarParams;
      const said = `${people[i].nickname || '匿名访客'}${describeEvent(params.k, params.a, params.t)}`;
      return {
        companyId: ids.companyA,
        userId: people[i].owner,
        classId: MESSAGE_CLASS.radar,
        title: said,
        description: said,
        routeLink: `/private-guest/radar?id=${v.id}`,
        params,
        createdAt: last.ts as Date,
      };
    }),
  ]);

  // Each message left during its visitor's latest visit (not at the seed's own time, after every visit).
  await tx.insert(guestbook).values([
    {
      companyId: ids.companyA,
      shareCode: 'demo-site',
      sharerId: ids.staff1,
      name: '陈先生',
      phone: '13911110001',
      content: '想了解智能门锁的批量采购价格。',
      createdAt: seen[0].last,
    },
    {
      companyId: ids.companyA,
      shareCode: 'demo-site',
      sharerId: ids.admin,
      name: '周总',
      phone: '13911110004',
      content: '请安排一次上门演示。',
      handled: true,
      reply: '已约周三下午。',
      createdAt: seen[3].last,
    },
  ]);
}

/**
 * The share links the demo events came through, each made an hour before its first visit and shared then, so the
 * figures of shares (data view, workbench, per-content forwards, the brief's sharing streak) agree with the visits
 * they brought.
 * Links to products (no items of their own: they show on the card) are left out.
 */
async function seedShareLinks(
  tx: DbOrTx,
  ids: SeededAccounts,
  events: (typeof behaviorEvents.$inferInsert)[],
  realIds: Record<number, number[]>,
): Promise<void> {
  const cardOf = new Map(
    (await tx.select({ id: cards.id, userId: cards.userId }).from(cards).where(eq(cards.companyId, ids.companyA))).map(
      (c) => [c.userId, c.id],
    ),
  );
  const made = new Map<string, typeof shares.$inferInsert & { createdAt: Date }>();
  for (const e of events) {
    const code = e.shareCode ?? '';
    const at = new Date((e.ts as Date).getTime() - 3_600_000);
    const known = made.get(code);
    if (known) {
      if (at < known.createdAt) known.createdAt = at;
      continue;
    }
    const sharerId = e.sharerId ?? 0;
    const card = code.endsWith('-card');
    const contentId = card ? cardOf.get(sharerId) : e.contentId;
    if (contentId === undefined || contentId === null) continue;
    if (!card && !realIds[e.kind]?.includes(contentId)) continue;
    made.set(code, {
      code,
      companyId: ids.companyA,
      sharerId,
      kind: card ? EVENT_KIND.card : e.kind,
      contentId,
      // A share made in the console never matches these settings, so it gets a link of its own rather than reusing
      // the demo's (whose visits would then count as its own).
      settings: { seededDemo: true },
      createdAt: at,
    });
  }
  if (made.size) {
    await tx.insert(shares).values([...made.values()]);
    // Each link made was shared once (the workbench's 分享).
    await tx.insert(shareActions).values(
      [...made.values()].map((s) => ({
        companyId: s.companyId,
        sharerId: s.sharerId,
        kind: s.kind,
        contentId: s.contentId,
        at: s.createdAt,
      })),
    );
    // And each of its China days is a day of its sharer's streak (a day's second link adds none).
    await tx
      .insert(shareDays)
      .values(
        [...made.values()].map((s) => ({ companyId: s.companyId, sharerId: s.sharerId, day: dayOf(s.createdAt) })),
      )
      .onConflictDoNothing();
  }
}
