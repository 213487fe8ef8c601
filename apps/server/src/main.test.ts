import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(serverDir, '../../node_modules/.bin/tsx');

function start(env: Record<string, string>): { child: ChildProcess; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...base } = process.env;
  const child = spawn(tsx, ['src/main.ts'], { cwd: serverDir, env: { ...base, LOG_LEVEL: 'warn', ...env } });
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
});
