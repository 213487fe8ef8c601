// Data generator: fills a 获客通 database with a realistic company load, deterministic from a seed.
//
//   node bench/generate.mjs <small|medium|large> [--db pglite|postgres://…] [--data-dir DIR] [--seed N]
//
// The database is first migrated and seeded by the built server (run `npm run build` first), so the demo
// accounts (admin / huoke_2026 …) exist; the generated load is added around the demo company 演示科技有限公司,
// which gets the largest share (Zipf over companies), so a benchmark logged in as `admin` reads big data.
// PostgreSQL loads stream CSV through COPY … FROM STDIN; PGlite loads the same CSV with COPY … FROM a blob.
// A table that does not exist yet (an area not merged) is skipped and reported.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { columnsOf, csvRow, openDb } from './lib/db.mjs';
import { startHuoke } from './lib/servers.mjs';

export const SCALES = {
  small: { companies: 1, staff: 10, visitors: 10_000, events: 100_000, articles: 200, messages: 20_000 },
  medium: { companies: 20, staff: 10, visitors: 200_000, events: 2_000_000, articles: 5_000, messages: 500_000 },
  large: { companies: 200, staff: 10, visitors: 1_000_000, events: 10_000_000, articles: 50_000, messages: 5_000_000 },
};

const DAY = 86_400_000;
const CHINA_OFFSET = 8 * 3_600_000;
const chinaMidnight = (t) => t - ((t + CHINA_OFFSET) % DAY);
const HISTORY_DAYS = 90;
const VISITOR_BATCH = 5_000;
const ROWS_PER_CHUNK = 20_000;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Picks a key of `weights` ({ key: weight }) with probability proportional to its weight. */
function picker(weights, rnd) {
  const entries = Object.entries(weights);
  const total = entries.reduce((s, [, w]) => s + w, 0);
  return () => {
    let u = rnd() * total;
    for (const [k, w] of entries) {
      u -= w;
      if (u <= 0) return k;
    }
    return entries.at(-1)[0];
  };
}

// SPEC §9 event kinds (1 phone call … 8 brochure); articles and cards dominate real traffic.
const KIND_WEIGHTS = { 4: 35, 2: 20, 3: 12, 7: 10, 5: 8, 8: 7, 1: 4, 6: 4 };
const ACTION = { 1: 'call', 6: 'wechat' };
// China-time hour of day: office-hour peaks, a lunch dip, quiet nights.
const HOUR_WEIGHTS = Object.fromEntries(
  Array.from({ length: 24 }, (_, h) => [
    h,
    h < 7 ? 0.2 : h < 9 ? 1 : h < 12 ? 3 : h < 14 ? 1.5 : h < 18 ? 3 : h < 22 ? 1.5 : 0.4,
  ]),
);
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗'.split('');
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华'.split('');
const TOPICS = ['私域获客', '电子名片', '销售线索', '短视频营销', '企业官网', '客户跟进', '海报裂变', '社群运营'];
const POSITIONS = ['采购经理', '总经理', '市场专员', '运营主管', '销售总监', ''];

const articleTitle = (i) => `${TOPICS[i % TOPICS.length]}实战第${i + 1}篇`;

function chunked(rowsIter, columns) {
  return (async function* () {
    let buf = '';
    let n = 0;
    for (const row of rowsIter) {
      buf += csvRow(columns, row);
      if (++n % ROWS_PER_CHUNK === 0) {
        yield buf;
        buf = '';
      }
    }
    if (buf) yield buf;
  })();
}

/**
 * Loads generated rows into `table`, keeping only the columns the table has. Answers false (and loads nothing)
 * when the table is missing or has a required column the generator does not fill.
 */
async function load(db, table, sampleRow, rows, skipped) {
  const cols = await columnsOf(db, table);
  if (cols.size === 0) {
    skipped.push(`${table}: no such table`);
    return false;
  }
  const missing = [...cols].filter(([name, c]) => !c.nullable && !c.hasDefault && !c.identity && !(name in sampleRow));
  if (missing.length) {
    skipped.push(`${table}: required columns not generated (${missing.map(([n]) => n).join(', ')})`);
    return false;
  }
  const columns = Object.keys(sampleRow).filter((c) => cols.has(c));
  await db.copy(table, columns, chunked(rows, columns));
  return true;
}

/**
 * behavior_events is partitioned by month (UTC; apps/server/src/db/partitions.ts): the history's months get their
 * partitions before the load, or its rows would wait in the DEFAULT partition for the server's first boot to move them.
 */
async function monthPartitions(db, from, to, notes) {
  const [p] = await db.query(
    "select count(*)::int as n from pg_partitioned_table where partrelid = to_regclass('behavior_events')",
  );
  if (!p?.n) return;
  const d = new Date(from);
  for (let m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)); m.getTime() <= to; ) {
    const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
    const name = `behavior_events_y${m.getUTCFullYear()}m${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
    try {
      await db.query(
        `create table if not exists ${name} partition of behavior_events
           for values from ('${m.toISOString()}') to ('${next.toISOString()}')`,
      );
    } catch (e) {
      notes.push(`${name}: ${e.message} (its events wait in the DEFAULT partition)`);
    }
    m = next;
  }
}

async function maxId(db, table) {
  const cols = await columnsOf(db, table);
  if (!cols.has('id')) return 0;
  const [r] = await db.query(`select coalesce(max(id), 0)::bigint as m from ${table}`);
  return Number(r.m);
}

async function resetIdentity(db, table) {
  const cols = await columnsOf(db, table);
  if (!cols.get('id')?.identity) return;
  await db.query(
    `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
  );
}

/** Runs an optional rollup; a schema that differs is reported, not fatal. */
async function tryExec(db, label, sql, notes) {
  try {
    await db.exec(sql);
    notes.push(`${label}: ok`);
  } catch (e) {
    notes.push(`${label}: skipped (${e.message.split('\n')[0]})`);
  }
}

/**
 * Generates `scale` into `target` ('pglite' with dataDir, or a postgres URL). Answers what was loaded and how long
 * it took. The anchor defaults to the last China-time midnight: the data runs to yesterday evening and a seed gives
 * the same rows all day long (the 15-day charts and the data view show it).
 */
export async function generate({
  scale = 'small',
  target = 'pglite',
  dataDir,
  seed = 42,
  anchor = chinaMidnight(Date.now()),
  log = console.log,
}) {
  const plan = SCALES[scale];
  if (!plan) throw new Error(`unknown scale "${scale}"; scales: ${Object.keys(SCALES).join(', ')}`);
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), `huoke-gen-${scale}-`)));
  const t0 = performance.now();

  // 1. Migrate and seed the demo data through the real server, once.
  const server = await startHuoke({ db: target, dataDir: dir });
  await server.stop({ keepData: true });
  const db = await openDb(target, { dataDir: dir });
  const rnd = prng(seed);
  const skipped = [];
  const notes = [];
  const counts = {};
  const now = anchor;

  try {
    const [demo] = await db.query(`select id, product_id from companies where number = '100001'`);
    const [admin] = await db.query(`select password_hash from users where account = 'admin'`);
    const demoMembers = (
      await db.query('select user_id from memberships where company_id = $1 order by id', [demo.id])
    ).map((r) => r.user_id);

    // 2. Companies (the demo company first), their staff, memberships.
    let companyId = await maxId(db, 'companies');
    let userId = await maxId(db, 'users');
    const companies = [{ id: demo.id, staff: [...demoMembers] }];
    const newCompanies = [];
    for (let i = 1; i < plan.companies; i++) {
      companyId++;
      newCompanies.push({
        id: companyId,
        name: `压测企业${String(i).padStart(3, '0')}有限公司`,
        number: `B${String(i).padStart(6, '0')}`,
        contact_name: '压测联系人',
        product_id: demo.product_id,
        seats: plan.staff + 5,
        expires_at: new Date(now + 365 * DAY),
        auth_state: i % 3 === 0 ? 0 : 2,
      });
      companies.push({ id: companyId, staff: [] });
    }
    if (newCompanies.length) await load(db, 'companies', newCompanies[0], newCompanies, skipped);
    const users = [];
    const memberships = [];
    for (const [ci, c] of companies.entries()) {
      const need = plan.staff - c.staff.length;
      for (let k = 0; k < need; k++) {
        userId++;
        const name = SURNAMES[Math.floor(rnd() * SURNAMES.length)] + GIVEN[Math.floor(rnd() * GIVEN.length)];
        users.push({ id: userId, account: `bench_${ci}_${k}`, password_hash: admin.password_hash, name });
        memberships.push({
          company_id: c.id,
          user_id: userId,
          role: k === 0 && ci > 0 ? 'admin' : 'staff',
          position: '销售顾问',
        });
        c.staff.push(userId);
      }
    }
    if (users.length) {
      await load(db, 'users', users[0], users, skipped);
      await load(db, 'memberships', memberships[0], memberships, skipped);
    }
    counts.companies = companies.length;
    counts.staff = companies.reduce((s, c) => s + c.staff.length, 0);

    // Zipf share per company: the demo company is the biggest tenant.
    const weights = companies.map((_, i) => 1 / (i + 1));
    const wsum = weights.reduce((a, b) => a + b, 0);
    const share = (total, i) => Math.max(1, Math.round((total * weights[i]) / wsum));

    // 3. Articles: a few per staff member, with read counts skewed to a few hot ones.
    let articleId = await maxId(db, 'articles');
    const articleRanges = [];
    const articles = [];
    for (const [i, c] of companies.entries()) {
      const n = share(plan.articles, i);
      articleRanges.push({ first: articleId + 1, n });
      for (let k = 0; k < n; k++) {
        articleId++;
        const title = articleTitle(k);
        articles.push({
          id: articleId,
          company_id: c.id,
          author_id: c.staff[k % c.staff.length],
          title,
          article_from: '获客通压测',
          content: `<p>${title}：第一步明确目标客户，第二步持续输出内容，第三步及时跟进线索。</p>`,
          summary: `${title}的要点`,
          is_share_to_enterprise: k % 4 === 0,
          read_count: Math.floor(1000 / (k + 1)),
          created_at: new Date(now - rnd() * HISTORY_DAYS * DAY),
        });
      }
    }
    const haveArticles = articles.length ? await load(db, 'articles', articles[0], articles, skipped) : false;
    if (haveArticles) counts.articles = articles.length;

    // 4. Visitors and their events, company by company, in batches (visitors first: events reference them).
    await monthPartitions(db, now - (HISTORY_DAYS + 1) * DAY, now, notes);
    const pickKind = picker(KIND_WEIGHTS, rnd);
    const pickHour = picker(HOUR_WEIGHTS, rnd);
    const eventsPerVisitor = plan.events / plan.visitors;
    const [firstEvent] = (await columnsOf(db, 'behavior_events')).size
      ? await db.query('select coalesce(max(id), 0)::bigint as m from behavior_events')
      : [{ m: 0 }];
    let visitorId = await maxId(db, 'visitors');
    let visitorsOk = true;
    let eventsOk = true;
    counts.visitors = 0;
    counts.events = 0;
    for (const [ci, c] of companies.entries()) {
      const total = share(plan.visitors, ci);
      const range = articleRanges[ci];
      for (let start = 0; start < total && visitorsOk; start += VISITOR_BATCH) {
        const visitors = [];
        const events = [];
        for (let v = start; v < Math.min(total, start + VISITOR_BATCH); v++) {
          visitorId++;
          // Long tail: most visitors come once or twice, a few come back for weeks (Pareto, alpha 1.5).
          const n = Math.min(2000, Math.ceil(eventsPerVisitor / 3 / rnd() ** (1 / 1.5)));
          // Recent days are busier: first visit skewed towards now.
          const firstDay = Math.floor(HISTORY_DAYS * rnd() ** 1.6);
          const owner = c.staff[Math.floor(rnd() ** 2 * c.staff.length)];
          const isLead = rnd() < 0.15;
          let first = Number.POSITIVE_INFINITY;
          let last = 0;
          for (let e = 0; e < n; e++) {
            const day = Math.max(0, firstDay - Math.floor(rnd() * Math.min(firstDay + 1, 14)));
            const dayStart = now - (day + 1) * DAY; // the China day ending `day` days before the anchor
            const ts = dayStart + Number(pickHour()) * 3_600_000 + Math.floor(rnd() * 3_600_000);
            if (ts > now) continue;
            const kind = Number(pickKind());
            const hot = Math.floor(range.n * rnd() ** 3); // a few hot articles take most reads
            first = Math.min(first, ts);
            last = Math.max(last, ts);
            events.push({
              company_id: c.id,
              visitor_id: visitorId,
              sharer_id: owner,
              share_code: `b${c.id}x${owner}`,
              kind,
              action: ACTION[kind] ?? 'view',
              content_id: kind === 4 && haveArticles ? range.first + hot : null,
              content_title: kind === 4 ? articleTitle(hot) : '',
              duration_ms: Math.floor(rnd() * 120_000),
              ts: new Date(ts),
            });
          }
          if (!Number.isFinite(first)) first = last = now - firstDay * DAY;
          visitors.push({
            id: visitorId,
            company_id: c.id,
            visitor_key: `bv${visitorId}`,
            nickname: SURNAMES[Math.floor(rnd() * SURNAMES.length)] + GIVEN[Math.floor(rnd() * GIVEN.length)],
            headimgurl: '',
            phone: isLead ? `13${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}` : '',
            company: isLead ? `${TOPICS[visitorId % TOPICS.length]}客户公司` : '',
            position: isLead ? POSITIONS[visitorId % POSITIONS.length] : '',
            owner_id: owner,
            clue_source: 4,
            first_seen_at: new Date(first),
            last_seen_at: new Date(last),
          });
        }
        visitorsOk = await load(db, 'visitors', visitors[0], visitors, skipped);
        if (!visitorsOk) break;
        counts.visitors += visitors.length;
        if (eventsOk && events.length) {
          eventsOk = await load(db, 'behavior_events', events[0], events, skipped);
          if (eventsOk) counts.events += events.length;
        }
      }
      if (ci % 20 === 0)
        log(`  company ${ci + 1}/${companies.length}: ${counts.visitors} visitors, ${counts.events} events`);
    }

    // 5. Messages: radar alerts to the sharer, daily shares and system notices to everyone.
    const pickClass = picker({ 10300: 60, 10200: 25, 10000: 15 }, rnd);
    const messagesOk = await (async () => {
      let ok = true;
      counts.messages = 0;
      for (const [ci, c] of companies.entries()) {
        const n = share(plan.messages, ci);
        const rows = (function* () {
          for (let k = 0; k < n; k++) {
            const classId = Number(pickClass());
            const title = classId === 10300 ? '客户正在查看您的文章' : classId === 10200 ? '今日分享推荐' : '系统通知';
            yield {
              company_id: c.id,
              user_id: classId === 10300 ? c.staff[k % c.staff.length] : null,
              class_id: classId,
              title,
              description:
                classId === 10200
                  ? JSON.stringify({ BroadcastType: 2, ImageUrl: '', Title: articleTitle(k), ShortContent: '每日一篇' })
                  : `<p>${title}</p>`,
              route_link: classId === 10300 ? `/private-guest/radar?id=${k + 1}` : '',
              created_at: new Date(now - rnd() * HISTORY_DAYS * DAY),
            };
          }
        })();
        const first = {
          company_id: 0,
          user_id: null,
          class_id: 0,
          title: '',
          description: '',
          route_link: '',
          created_at: null,
        };
        ok = await load(db, 'messages', first, rows, skipped);
        if (!ok) break;
        counts.messages += n;
      }
      return ok;
    })();
    if (!messagesOk) delete counts.messages;

    // 6. Rollups the hot paths read, derived from the generated events only.
    if (counts.events > 0) {
      await tryExec(
        db,
        'behavior_daily',
        `insert into behavior_daily (company_id, day, kind, sharer_id, count)
         select company_id, (ts at time zone 'Asia/Shanghai')::date, kind, coalesce(sharer_id, 0), count(*)::int
           from behavior_events where id > ${Number(firstEvent.m)} group by 1, 2, 3, 4
         on conflict (company_id, day, kind, sharer_id, lane) do update set count = behavior_daily.count + excluded.count`,
        notes,
      );
      await tryExec(
        db,
        'visitor_links',
        `insert into visitor_links (company_id, sharer_id, visitor_id, last_seen_at)
         select company_id, sharer_id, visitor_id, max(ts) from behavior_events
          where id > ${Number(firstEvent.m)} and sharer_id is not null group by 1, 2, 3
         on conflict do nothing`,
        notes,
      );
    }
    for (const t of ['companies', 'users', 'memberships', 'articles', 'visitors', 'behavior_events', 'messages']) {
      if ((await columnsOf(db, t)).size) await resetIdentity(db, t);
    }
    // Steady state, as autovacuum leaves a live database: statistics and the visibility map (index-only scans).
    await db.exec('vacuum analyze');
  } finally {
    await db.close();
  }
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  return { scale, target: target === 'pglite' ? 'pglite' : 'postgres', dataDir: dir, seconds, counts, skipped, notes };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? dflt : args[i + 1];
  };
  const scale = args.find((a) => !a.startsWith('--') && SCALES[a]) ?? 'small';
  const target = opt('db', process.env.DATABASE_URL ?? 'pglite');
  const result = await generate({ scale, target, dataDir: opt('data-dir'), seed: Number(opt('seed', 42)) });
  console.log(JSON.stringify(result, null, 2));
}
