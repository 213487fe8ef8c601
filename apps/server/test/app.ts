import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import type { SeededAccounts } from '../src/db/seed/accounts.js';
import { DEMO_PASSWORD } from '../src/db/seed/index.js';
import { withDb } from './global-setup.js';

export interface TestApp {
  app: FastifyInstance;
  ids: SeededAccounts;
  /** Logs a demo account in and answers its bearer token. */
  login(account: string, password?: string): Promise<string>;
  /** app.inject with a bearer token. */
  call(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
  /** The database this app runs on (another app may share it: `sameDatabaseAs`). */
  database: Awaited<ReturnType<typeof openDatabase>>;
}

/**
 * The seeded template's bytes (a PGlite dump of about 31 MB), read once per worker: the files of a worker share its
 * modules (vitest.config.ts). Each test database read the file again, copied it into a Blob, and PGlite copied it out
 * again, which Node's Blob does in 64 KB pieces joined at the end: about half of a database's start (a profile of
 * PGlite.create; 930 → 500 ms a start, measured alone).
 */
const templates = new Map<string, Promise<Uint8Array>>();
function templateBytes(file: string): Promise<Uint8Array> {
  let bytes = templates.get(file);
  if (!bytes) {
    bytes = readFile(file).then((b) => new Uint8Array(b));
    templates.set(file, bytes);
  }
  return bytes;
}

/** The template as PGlite's `loadDataDir` reads it (its bytes, once, and its type): a copy of the kept bytes. */
class TemplateDump extends Blob {
  constructor(private readonly kept: Uint8Array) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.kept.slice().buffer);
  }
}

/**
 * A fresh app on a fresh copy of the seeded template database (PGlite, or PostgreSQL with TEST_DATABASE_URL);
 * `sameDatabaseAs`: a second server copy on another app's database (closing it leaves the database to its owner).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    logStream?: NodeJS.WritableStream;
    sameDatabaseAs?: TestApp;
    /** With `sameDatabaseAs` on PostgreSQL: this copy connects at this address instead (a relay: test/pg-proxy.ts). */
    connectThrough?: (url: string) => string;
  } = {},
): Promise<TestApp> {
  const url = opts.sameDatabaseAs ? undefined : process.env.TEST_DATABASE_URL;
  const config = loadConfig({}, {
    DATA_DIR: `${tmpdir()}/huoke-test-data-${process.pid}`,
    LOG_LEVEL: 'silent',
    ...env,
  } as never);
  // The pool's statement time limit, as the server's own (DB_STATEMENT_TIMEOUT_MS).
  const statementTimeoutMs = config.DB_STATEMENT_TIMEOUT_MS;
  let dbName = '';
  let database: Awaited<ReturnType<typeof openDatabase>>;
  const shared = opts.sameDatabaseAs?.database;
  const ownConnection = !!(shared?.url && opts.connectThrough);
  if (shared?.url && opts.connectThrough) {
    database = await openDatabase({ url: opts.connectThrough(shared.url), poolSize: 4, statementTimeoutMs });
  } else if (shared) {
    database = shared;
  } else if (url) {
    dbName = `huoke_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${inject('pgTemplate')}`);
    await admin.end();
    database = await openDatabase({ url: withDb(url, dbName), poolSize: 4, statementTimeoutMs });
  } else {
    // A test's database is small: PGlite's default 128MB buffer pool took half of each app's start.
    database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new TemplateDump(await templateBytes(inject('templateFile'))),
      sharedBuffers: '16MB',
    });
  }
  const app = await buildApp(
    config,
    opts.logStream ? { database, logStream: opts.logStream } : { database, logger: false },
  );
  await app.ready();
  const call = (token: string | null, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers } });
  return {
    app,
    database,
    ids: JSON.parse(inject('seeded')) as SeededAccounts,
    call,
    async login(account, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/usr/session', payload: { account, password } });
      if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      if (ownConnection) await database.close();
      if (opts.sameDatabaseAs) return;
      await database.close();
      if (url) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

/**
 * A data folder of the calling file's own, removed after its last test. The apps of a test process share one
 * (`huoke-test-data-<pid>`), and the files running beside this one in the other worker store files in it at any
 * moment: a test that compares what is on disk before and after a call needs its own.
 */
export async function ownDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'huoke-test-own-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The app of a test file: built as the file loads (before any of its tests run), closed after the last one, with
 * these demo accounts logged in; `tokens` are theirs, in the same order.
 */
export async function appForFile<const A extends readonly string[]>(
  accounts: A,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; tokens: { -readonly [K in keyof A]: string } }> {
  const t = await createTestApp(env);
  afterAll(() => t.close());
  const tokens = await Promise.all(accounts.map((account) => t.login(account)));
  return { t, tokens: tokens as { -readonly [K in keyof A]: string } };
}
