// The baseline: bare Fastify answering a constant JSON body, no plugins. Given a PostgreSQL URL it also answers
// `/db`: the same body after one trivial query through a pool of 10 (the server's default), the floor of any call
// that asks the database once on this machine (a round trip, no table read).
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
}
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
