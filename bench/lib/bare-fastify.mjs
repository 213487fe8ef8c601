// The baseline: bare Fastify answering a constant JSON body, no plugins.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { profile: { id: 1, account: 'admin', name: '王管理' }, roles: ['admin'], permissions: [] };
app.get('/', async () => body);
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
