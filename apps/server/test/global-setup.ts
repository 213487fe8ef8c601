import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { maintainPartitions } from '../src/db/partitions.js';
import { seedDemo } from '../src/db/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateFile: string;
    pgTemplate: string;
    seeded: string;
  }
}

interface Template {
  templateFile: string;
  pgTemplate: string;
  seeded: string;
  remove(): Promise<void>;
}

/** One template for the run's projects (vitest calls the global setup once for each, in one process). */
const run = globalThis as { huokeTemplate?: Promise<Template>; huokeTemplateUsers?: number };

/**
 * Migrates and seeds one template per run; each test file then starts from a copy of it
 * (a PGlite data dump, or `CREATE DATABASE … TEMPLATE` on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  run.huokeTemplateUsers = (run.huokeTemplateUsers ?? 0) + 1;
  run.huokeTemplate ??= makeTemplate();
  const template = await run.huokeTemplate;
  project.provide('templateFile', template.templateFile);
  project.provide('pgTemplate', template.pgTemplate);
  project.provide('seeded', template.seeded);
  return async () => {
    run.huokeTemplateUsers = (run.huokeTemplateUsers ?? 1) - 1;
    if (run.huokeTemplateUsers === 0) await template.remove();
  };
}

async function makeTemplate(): Promise<Template> {
  const dir = await mkdtemp(join(tmpdir(), 'huoke-test-'));
  const url = process.env.TEST_DATABASE_URL;
  let pgTemplate = '';
  let seeded: unknown;
  if (url) {
    pgTemplate = `huoke_tpl_${process.pid}`;
    const admin = await connectCreating(url);
    await admin.query(`drop database if exists ${pgTemplate}`);
    await admin.query(`create database ${pgTemplate}`);
    await admin.end();
    const database = await openDatabase({ url: withDb(url, pgTemplate), poolSize: 1 });
    await database.migrate();
    seeded = await seedDemo(database.db, { leads: false });
    // Seeded events of last month get their partition in the template, not at every test app's boot.
    await maintainPartitions(database.db);
    await database.close();
  } else {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    seeded = await seedDemo(database.db, { leads: false });
    // Seeded events of last month get their partition in the template, not at every test app's boot.
    await maintainPartitions(database.db);
    await dropTemplateDatabases(database.pglite!);
    const dump = await database.pglite!.dumpDataDir('none');
    await writeFile(join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  return {
    templateFile: join(dir, 'template.tar'),
    pgTemplate,
    seeded: JSON.stringify(seeded),
    async remove() {
      await rm(dir, { recursive: true, force: true });
      if (url) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop database if exists ${pgTemplate} with (force)`);
        await admin.end();
      }
    },
  };
}

/**
 * PGlite's data folder holds three databases of about 7 MB and 300 files each: the app's (`postgres`), and
 * `template0` and `template1`, which only CREATE DATABASE reads, and no test app creates one. Every test database is
 * unpacked from this dump file by file, so without the two templates each start unpacks a third fewer bytes and half
 * the files: 215–275 → 140–165 ms a start, 300–390 → 200–240 ms of CPU (measured alone on this machine, 10 starts in
 * a row); a run of the suite makes about 110.
 */
async function dropTemplateDatabases(pglite: PGlite) {
  await pglite.query(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await pglite.query('drop database template0');
  await pglite.query('drop database template1');
  await pglite.query('checkpoint');
}

/**
 * A connection to TEST_DATABASE_URL, creating its database first when the server has none of that name (through the
 * server's `postgres` database): a run on a new name then works, where Vitest said only "No test files found".
 */
async function connectCreating(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => {});
    if ((err as { code?: string }).code !== '3D000') throw err;
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const server = new pg.Client({ connectionString: withDb(url, 'postgres') });
  await server.connect();
  try {
    await server.query(`create database ${pg.escapeIdentifier(name)}`);
  } catch (err) {
    // Another run created it meanwhile.
    if ((err as { code?: string }).code !== '42P04') throw err;
  } finally {
    await server.end();
  }
  const created = new pg.Client({ connectionString: url });
  await created.connect();
  return created;
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
