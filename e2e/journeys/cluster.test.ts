import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Two copies of the built server on one PostgreSQL database (issue 21, DESIGN §7): copy A runs as WORKERS=2 (a
 * primary and two worker processes), copy B as one process; nothing is sticky. Needs a PostgreSQL server:
 * TEST_DATABASE_URL (CI sets it).
 */
const BASE_URL = process.env.TEST_DATABASE_URL;
const MAIN = process.env.HUOKE_SERVER_MAIN ?? fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
const SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'huoke_2026';
const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40';

if (!BASE_URL) console.log('cluster journey: skipped (TEST_DATABASE_URL is not set; it needs a PostgreSQL server)');

interface Copy {
  url: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startCopy(databaseUrl: string, env: Record<string, string> = {}): Promise<Copy> {
  const dataDir = await mkdtemp(join(tmpdir(), 'huoke-cluster-'));
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SERVER_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      // The test client stands for the load balancer in front (on loopback): its X-Forwarded-For names each client.
      TRUST_PROXY: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, output, dataDir };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function call(copy: Copy, method: string, path: string, token?: string, body?: unknown, headers = {}) {
  return fetch(`${copy.url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function login(copy: Copy, account: string, password = PASSWORD, ip = '10.9.0.1') {
  return call(copy, 'POST', '/usr/session', undefined, { account, password }, { 'x-forwarded-for': ip });
}

async function token(copy: Copy, account: string): Promise<string> {
  const res = await login(copy, account);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Opens the live stream with a ticket; answers its response and what it has received so far. */
async function openStream(copy: Copy, ticket: string) {
  const ac = new AbortController();
  const res = await fetch(`${copy.url}/api/maint/live?ticket=${ticket}`, { signal: ac.signal });
  let text = '';
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += dec.decode(value);
        }
      } catch {}
    })();
  }
  return { status: res.status, text: () => text, close: () => ac.abort() };
}

async function ticketOn(copy: Copy, bearer: string): Promise<string> {
  const res = await call(copy, 'POST', '/maint/live/ticket', bearer);
  expect(res.status).toBe(200);
  return ((await res.json()) as { ticket: string }).ticket;
}

describe.runIf(BASE_URL)('two server copies on one PostgreSQL', () => {
  const dbName = `huoke_cluster_${randomBytes(5).toString('hex')}`;
  let a: Copy;
  let b: Copy;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = withDb(BASE_URL as string, dbName);
    // A migrates and seeds (its primary, once, before forking); B then finds the database ready.
    a = await startCopy(url, { WORKERS: '2' });
    b = await startCopy(url);
  }, 300_000);

  afterAll(async () => {
    for (const c of [a, b]) {
      if (!c) continue;
      if (c.child.exitCode === null && c.child.signalCode === null) {
        c.child.kill('SIGKILL');
        await exited(c.child);
      }
      await rm(c.dataDir, { recursive: true, force: true });
    }
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  it('a visitor tracked by copy A reaches the console connected to copy B within 2 s', async () => {
    const adminB = await token(b, 'admin');
    const stream = await openStream(b, await ticketOn(b, adminB));
    expect(stream.status).toBe(200);
    try {
      const adminA = await token(a, 'admin');
      const card = (await (await call(a, 'GET', '/caspush/SstArticleShare/GetArticleCardAsync', adminA)).json()) as {
        empId: number;
      };
      const shared = await call(a, 'POST', '/caspush/SstArticleShare/ShareContent', adminA, {
        kind: 'card',
        id: card.empId,
      });
      expect(shared.status).toBe(200);
      const { code } = (await shared.json()) as { code: string };
      // The visitor opens the page on A (which sets the visitor cookie) and its beacons go to A.
      const page = await fetch(`${a.url}/s/${code}`, { headers: { 'user-agent': MOBILE_UA } });
      expect(page.status).toBe(200);
      const cookie = String(page.headers.get('set-cookie')).split(';')[0];
      expect(cookie).toMatch(/^hk_vid=/);
      for (const action of ['view', 'call']) {
        const beacon = await fetch(`${a.url}/api/t`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'user-agent': MOBILE_UA, cookie },
          body: JSON.stringify({ code, action }),
        });
        expect(beacon.status).toBe(204);
      }
      await expect.poll(() => stream.text(), { timeout: 2000, interval: 50 }).toContain('"type":"message"');
      expect(stream.text()).toContain('"type":"visitor"');
    } finally {
      stream.close();
    }
  });

  it('a logout on copy A ends the session on copy B at once', async () => {
    const t = await token(a, 'staff1');
    // B has validated (and cached) the session.
    expect((await call(b, 'GET', '/usr/session', t)).status).toBe(200);
    expect((await call(b, 'GET', '/usr/session', t)).status).toBe(200);
    expect((await call(a, 'DELETE', '/usr/session', t)).status).toBe(200);
    expect((await call(b, 'GET', '/usr/session', t)).status).toBe(401);
    expect((await call(a, 'GET', '/usr/session', t)).status).toBe(401);
  });

  it('a login brute force spread over both copies is stopped at the same count as on one', async () => {
    const ip = '10.9.1.1';
    // 10 failures of one account from one address (FAILS_PER_ACCOUNT), alternating copies.
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? b : a, 'multi', 'wrong', ip)).status).toBe(401);
    for (const c of [a, b]) {
      const res = await login(c, 'multi', PASSWORD, ip);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { detail: string }).detail).toBe('登录失败次数过多，请15分钟后再试');
    }
    // Elsewhere the account still logs in.
    expect((await login(b, 'multi', PASSWORD, '10.9.1.2')).status).toBe(200);
  });

  it('a live ticket issued by copy A opens the stream on copy B once', async () => {
    const t = await token(a, 'admin');
    const ticket = await ticketOn(a, t);
    const first = await openStream(b, ticket);
    expect(first.status).toBe(200);
    first.close();
    const again = await openStream(b, ticket);
    expect(again.status).toBe(401);
    const elsewhere = await openStream(a, ticket);
    expect(elsewhere.status).toBe(401);
  });

  it('when copy B is killed mid-load, copy A keeps serving and every acknowledged article write is stored', async () => {
    const tA = await token(a, 'admin');
    const tB = await token(b, 'admin');
    const tag = `cluster-${randomBytes(3).toString('hex')}`;
    const acknowledged: number[] = [];
    let attempts = 0;
    const write = async (c: Copy, t: string) => {
      attempts++;
      try {
        const res = await call(c, 'POST', '/caspush/articlemanager/AddNew', t, {
          title: `${tag}-${attempts}`,
          content: '<p>正文</p>',
        });
        if (res.status === 200) acknowledged.push(((await res.json()) as { id: number }).id);
      } catch {
        // B is gone: the write was not acknowledged.
      }
    };
    // Four writers on each copy; B is killed once some of its writes were answered.
    const writers = (c: Copy, t: string, n: number) =>
      (async () => {
        for (let i = 0; i < n; i++) await write(c, t);
      })();
    const load = [0, 1, 2, 3].flatMap(() => [writers(a, tA, 15), writers(b, tB, 15)]);
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(20);
    b.child.kill('SIGKILL');
    await exited(b.child);
    await Promise.all(load);

    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    for (const id of acknowledged)
      expect((await call(a, 'GET', `/caspush/articlemanager/${id}`, tA)).status, `article ${id}`).toBe(200);
    const db = new pg.Client({ connectionString: withDb(BASE_URL as string, dbName) });
    await db.connect();
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from articles where title like $1', [
      `${tag}-%`,
    ]);
    await db.end();
    expect(rows[0].n).toBeGreaterThanOrEqual(acknowledged.length);
  });

  it('SIGTERM stops copy A: its primary stops the workers gracefully and exits 0', async () => {
    a.child.kill('SIGTERM');
    expect(await exited(a.child), a.output.join('')).toBe(0);
  });
});
