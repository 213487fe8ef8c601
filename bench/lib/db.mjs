// One small interface over PostgreSQL (node-postgres + COPY streams) and PGlite (COPY from a blob),
// used by the data generator and the benchmarks that count rows.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)));

/** `target` is 'pglite' (with `dataDir`: the server's DATA_DIR) or a postgres:// URL. */
export async function openDb(target, { dataDir } = {}) {
  if (target === 'pglite') {
    const { PGlite } = await import(require.resolve('@electric-sql/pglite'));
    const pg = await PGlite.create(`${dataDir}/pglite`);
    return {
      kind: 'pglite',
      async query(text, params = []) {
        return (await pg.query(text, params)).rows;
      },
      async exec(text) {
        await pg.exec(text);
      },
      /** Loads CSV text (one string per chunk) with COPY … FROM '/dev/blob'. */
      async copy(table, columns, chunks) {
        for await (const csv of chunks) {
          if (!csv) continue;
          await pg.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob' with (format csv)`, [], {
            blob: new Blob([csv]),
          });
        }
      },
      close: () => pg.close(),
    };
  }
  const pg = require('pg');
  const { from: copyFrom } = await import('pg-copy-streams');
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  return {
    kind: 'postgres',
    async query(text, params = []) {
      return (await client.query(text, params)).rows;
    },
    async exec(text) {
      await client.query(text);
    },
    /** Streams CSV chunks through COPY … FROM STDIN, honouring back-pressure. */
    async copy(table, columns, chunks) {
      const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin with (format csv)`));
      const done = new Promise((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
      });
      for await (const csv of chunks) {
        if (csv && !stream.write(csv)) await once(stream, 'drain');
      }
      stream.end();
      await done;
    },
    close: () => client.end(),
  };
}

/** Columns of a table: name → { nullable, hasDefault, identity }; empty when the table does not exist. */
export async function columnsOf(db, table) {
  const rows = await db.query(
    `select column_name, is_nullable, column_default, is_identity
       from information_schema.columns where table_schema = 'public' and table_name = $1`,
    [table],
  );
  return new Map(
    rows.map((r) => [
      r.column_name,
      { nullable: r.is_nullable === 'YES', hasDefault: r.column_default !== null, identity: r.is_identity === 'YES' },
    ]),
  );
}

/** One CSV field: NULL is an unquoted empty field, text is always quoted. */
export function csvField(v) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return csvField(`{${v.map((x) => JSON.stringify(String(x))).join(',')}}`);
  const s = String(v);
  return `"${s.replaceAll('"', '""')}"`;
}

export const csvRow = (columns, row) => `${columns.map((c) => csvField(row[c])).join(',')}\n`;
