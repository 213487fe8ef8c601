import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';
import { openDatabase, rowsOf } from './db/client.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
// Node itself with tsx's loader, not the tsx CLI: the CLI relays a signal to its child and SIGKILLs the child when
// the child does not acknowledge it within 30 ms (a busy server), which is not how the server runs in production.
const nodeArgs = ['--import', 'tsx', 'src/main.ts'];

function start(env: Record<string, string>): { child: ChildProcess; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...base } = process.env;
  const child = spawn(process.execPath, nodeArgs, { cwd: serverDir, env: { ...base, LOG_LEVEL: 'warn', ...env } });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    err += d;
  });
  return { child, out: () => out, err: () => err };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('configuration validation', () => {
  it('names the variable of a bad value in one line', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ SERVER_SECRET: 'short' }, 'SERVER_SECRET'],
      [{ CRM_URL: 'not a url' }, 'CRM_URL'],
      [{ BODY_LIMIT_KB: '-1' }, 'BODY_LIMIT_KB'],
      [{ SEED: 'sometimes' }, 'SEED'],
      [{ PGLITE_SHARED_BUFFERS: '16' }, 'PGLITE_SHARED_BUFFERS'],
      [{ WORKERS: 'lots' }, 'WORKERS'],
      // The embedded database is one process.
      [{ WORKERS: '2' }, 'WORKERS'],
    ];
    for (const [env, name] of cases) {
      let error: unknown;
      try {
        loadConfig({ SERVER_SECRET: 'x'.repeat(32), ...env });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain(name);
      expect(message).not.toContain('\n');
    }
  });

  it("the README's configuration table lists every variable", () => {
    const readme = readFileSync(join(serverDir, '../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Sessions and security'));
    expect(CONFIG_VARIABLES.filter((v) => !table.includes(`\`${v}\``))).toEqual([]);
  });

  it('WORKERS counts processes, auto is one per core, and more than one needs DATABASE_URL', () => {
    const pgUrl = { SERVER_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db/huoke' };
    expect(loadConfig({ SERVER_SECRET: 'x'.repeat(32) }).WORKERS).toBe(1);
    expect(loadConfig({ ...pgUrl, WORKERS: '3' }).WORKERS).toBe(3);
    expect(loadConfig({ ...pgUrl, WORKERS: 'auto' }).WORKERS).toBe(availableParallelism());
    expect(() => loadConfig({ SERVER_SECRET: 'x'.repeat(32), WORKERS: '2' })).toThrow(
      'Invalid configuration: WORKERS=2 needs DATABASE_URL (the embedded database, PGlite, runs in one process only)',
    );
  });

  it('VACUUM_SECONDS is also read under its older name, PGLITE_VACUUM_SECONDS; the new name wins', () => {
    const secret = { SERVER_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).VACUUM_SECONDS).toBe(60);
    expect(loadConfig({ ...secret, PGLITE_VACUUM_SECONDS: '5' }).VACUUM_SECONDS).toBe(5);
    expect(loadConfig({ ...secret, PGLITE_VACUUM_SECONDS: '5', VACUUM_SECONDS: '7' }).VACUUM_SECONDS).toBe(7);
    expect(() => loadConfig({ ...secret, PGLITE_VACUUM_SECONDS: '-1' })).toThrow('VACUUM_SECONDS');
  });

  it('defaults every variable', () => {
    const c = loadConfig({ SERVER_SECRET: 'x'.repeat(32) });
    expect(c.PORT).toBe(3000);
    expect(c.SEED).toBe('auto');
    expect(c.secret).toBe('x'.repeat(32));
  });
});

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'huoke-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('exits 1 with one line naming the variable when a value is bad', async () => {
    const p = start({ PORT: 'seventy', DATA_DIR: dataDir });
    expect(await exited(p.child)).toBe(1);
    const lines = p.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  }, 60_000);

  it('stops cleanly on SIGTERM and keeps its PGlite data across a restart', async () => {
    // PORT=0: the process binds a free port and prints it, so no other process can take it first.
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };
    const portOf = (out: string) => /is running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
    const first = start(env);
    await until(() => first.out().includes('is running') || first.child.exitCode !== null, 90_000);
    expect(first.out(), first.err()).toContain('Demo data seeded.');
    let base = `http://127.0.0.1:${portOf(first.out())}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const login = await fetch(`${base}/api/usr/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: 'huoke_2026' }),
    });
    expect(login.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await exited(first.child), first.err()).toBe(0);

    const second = start(env);
    await until(() => second.out().includes('is running') || second.child.exitCode !== null, 90_000);
    expect(second.out(), second.err()).toContain('is running');
    expect(second.out()).not.toContain('Demo data seeded.');
    base = `http://127.0.0.1:${portOf(second.out())}`;
    const again = await fetch(`${base}/api/usr/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: 'huoke_2026' }),
    });
    expect(again.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await exited(second.child), second.err()).toBe(0);
  }, 180_000);

  it('on SIGTERM stores every tracking beacon it answered 204, closes the database and exits 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'huoke-stop-'));
    try {
      const p = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir });
      await until(() => p.out().includes('is running') || p.child.exitCode !== null, 180_000);
      const base = `http://127.0.0.1:${/is running at http:\/\/localhost:(\d+)/.exec(p.out())?.[1]}`;
      const json = { 'content-type': 'application/json' };
      // Two shares (two sharers' e-cards): the second is never opened before its beacons come, so the server
      // answers them before it has even looked the share up.
      const shareCard = async (account: string) => {
        const { token } = (await (
          await fetch(`${base}/api/usr/session`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ account, password: 'huoke_2026' }),
          })
        ).json()) as { token: string };
        const auth = { authorization: `Bearer ${token}` };
        const card = (await (
          await fetch(`${base}/api/visitingcard/empcard/GetAppMyDetails`, { headers: auth })
        ).json()) as { empId: number };
        const shared = await fetch(`${base}/api/caspush/SstArticleShare/ShareContent`, {
          method: 'POST',
          headers: { ...auth, ...json },
          body: JSON.stringify({ kind: 'card', id: card.empId }),
        });
        const { code } = (await shared.json()) as { code: string };
        expect(code).toBeTruthy();
        return code;
      };
      const codes = [await shareCard('admin'), await shareCard('staff1')];

      // Beacons of 25 visitors (under the per-visitor and per-address caps), as a share page sends them.
      const beacon = (code: string, i: number) =>
        fetch(`${base}/api/t`, {
          method: 'POST',
          headers: {
            'content-type': 'text/plain',
            cookie: `hk_vid=stop-test-visitor-${String(i % 25).padStart(4, '0')}`,
            'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
          },
          body: JSON.stringify({ code, action: 'view' }),
        }).then(
          (r) => r.status,
          () => 0, // refused: the server had stopped taking connections
        );
      const first = await Promise.all(Array.from({ length: 150 }, (_, i) => beacon(codes[0], i)));
      expect(first.every((s) => s === 204)).toBe(true);
      // More beacons, for the second share; SIGTERM as soon as the first of them is answered, the rest in flight.
      let stopped = false;
      const second = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          beacon(codes[1], 150 + i).then((status) => {
            if (!stopped) {
              stopped = true;
              p.child.kill('SIGTERM');
            }
            return status;
          }),
        ),
      );
      expect(await exited(p.child), p.err()).toBe(0);
      expect(second.filter((s) => s === 204).length).toBeGreaterThan(0);

      // Restart on the same data: every beacon answered 204 is there.
      const database = await openDatabase({ dataDir: join(dir, 'pglite') });
      try {
        const stored = await database.db.execute(
          sql`select share_code as code, count(*)::int as n from behavior_events group by share_code`,
        );
        const count = (code: string) => rowsOf<{ code: string; n: number }>(stored).find((r) => r.code === code)?.n;
        expect(count(codes[0])).toBe(150);
        expect(count(codes[1]) ?? 0).toBe(second.filter((s) => s === 204).length);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
