// The baseline: bare Fastify answering a constant JSON body, no plugins. Given a PostgreSQL URL it also answers
// `/db`: the same body after one trivial query through a pool of 10 (the server's default), the floor of any call
// that asks the database once on this machine (a round trip, no table read), and `/scorelist/<company>`: the score
// list's page-1 statement, its rows made the list's items (the statement floor).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { profile: { id: 1, account: 'admin', name: '王管理' }, roles: ['admin'], permissions: [] };
app.get('/', async () => body);
const dbUrl = process.argv[3];
if (dbUrl) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  const one = { name: 'bare_one', text: 'select $1::int as one' };
  app.get('/db', async () => {
    await pool.query({ ...one, values: [1] });
    return body;
  });
  // The statement floor of the score-sorted list: the statement the server runs for an administrator's page 1
  // (service.ts plainScoredPage → scoresFirst: the page's scores from lead_scores_rank_idx, then their visitors),
  // the rows turned into the list's items in plain JavaScript. No session, no validation, no driver mapping: what
  // any server running this statement on this machine pays. The item is written out here, not imported from the
  // server (radar/service.ts toVisitor), so that none of the server's code is in the baseline.
  const page = {
    name: 'bare_scorelist',
    text: `with page as (select visitor_id, rank from lead_scores where company_id = $1
             order by rank desc nulls last, visitor_id desc nulls last limit 11)
           select v.id, v.unionid, v.nickname, v.headimgurl, v.position, v.company, v.phone, v.tel, v.description,
                  v.owner_id, v.clue_source, v.first_seen_at, v.last_seen_at, u.name as owner_name,
                  s.value, s.computed_at, st.stage, st.next_contact_on, s.rank,
                  (select half_life_hours from lead_settings where company_id = $1) as half_life_hours
             from page join visitors v on v.company_id = $1 and v.id = page.visitor_id
             join lead_scores s on s.company_id = v.company_id and s.visitor_id = v.id
             left join users u on u.id = v.owner_id
             left join lead_states st on st.company_id = v.company_id and st.visitor_id = v.id
            order by page.rank desc, page.visitor_id desc`,
  };
  app.post('/scorelist/:company', async (req) => {
    const { rows } = await pool.query({ ...page, values: [Number(req.params.company)] });
    const now = Date.now();
    const last = rows[9];
    return {
      data: rows.slice(0, 10).map((r) => ({
        id: r.id,
        weChatUserInfoId: r.id,
        unionid: r.unionid,
        nickname: r.nickname,
        headimgurl: r.headimgurl,
        position: r.position,
        company: r.company,
        phone: r.phone,
        tel: r.tel,
        description: r.description,
        ownerId: r.owner_id,
        createByName: r.owner_name ?? '',
        clueSource: r.clue_source,
        firstSeenAt: r.first_seen_at.toISOString(),
        lastSeenAt: r.last_seen_at.toISOString(),
        score: Math.round(r.value * 2 ** (-(now - r.computed_at.getTime()) / 3_600_000 / (r.half_life_hours ?? 168))),
        stage: r.stage ?? 'new',
        nextContactOn: r.next_contact_on,
      })),
      totalCount: 0,
      pageIndex: 1,
      nextCursor: rows.length > 10 && last ? `${last.rank}~${last.id}` : null,
    };
  });
}
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
