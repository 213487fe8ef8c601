/**
 * A named prepared statement on PGlite. PGlite's `query(text, params)` parses and plans the text on every call and
 * talks to the WASM backend five times (Parse, Describe, Bind, Describe, Execute, then Sync); for a long statement
 * run many times a second (the ingest's batch) the parse and those crossings cost more than the work. Here the text
 * is parsed once (Parse with a name, as node-postgres does on PostgreSQL), and each run sends Bind, Describe,
 * Execute and Sync as one message. Runs hold PGlite's own locks, so they never interleave with another query or
 * fall inside another caller's transaction.
 */
import { type PGlite, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

type Message = { name: string; dataTypeIDs?: number[]; fields?: unknown[] };

export interface RunOptions {
  rowMode?: 'object' | 'array';
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

export class PgliteStatement {
  /** Parameter types as PostgreSQL inferred them (undefined: not parsed on this PGlite yet). */
  private types: number[] | undefined;

  constructor(
    private readonly pg: PGlite,
    private readonly name: string,
    private readonly text: string,
  ) {}

  private async prepare(): Promise<number[]> {
    const messages = (await this.pg.execProtocolStream(
      concat([
        serialize.parse({ name: this.name, text: this.text }),
        serialize.describe({ type: 'S', name: this.name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )) as Message[];
    return messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
  }

  /**
   * Runs the statement with `values`; answers its rows as objects (values parsed as PGlite's query does), or as
   * arrays in the columns' order with `rowMode: 'array'`; `parsers` replace PGlite's for the types they name (as the
   * options of PGlite's query do).
   */
  run<T>(values: unknown[], options: RunOptions = {}): Promise<T[]> {
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        let rows: T[];
        try {
          rows = await this.execute(values, options);
        } catch (e) {
          // The statement is gone (the session was reset): parse it again, once.
          if ((e as { code?: string }).code !== '26000') throw e;
          this.types = undefined;
          rows = await this.execute(values, options);
        }
        await this.pg.syncToFs();
        return rows;
      }),
    );
  }

  /** Deallocates the statement (a statement cache letting it go); a statement never parsed has nothing to free. */
  async close(): Promise<void> {
    if (!this.types) return;
    this.types = undefined;
    await this.pg._runExclusiveQuery(() =>
      this.pg.execProtocolStream(concat([serialize.close({ type: 'S', name: this.name }), serialize.sync()]), {
        syncToFs: false,
      }),
    );
  }

  private async execute<T>(values: unknown[], { rowMode = 'object', parsers: own }: RunOptions): Promise<T[]> {
    this.types ??= await this.prepare();
    const types = this.types;
    const serializers = this.pg.serializers;
    const bound = values.map((v, i) => {
      if (v === null || v === undefined) return null;
      const s = serializers[types[i]];
      return s ? (s(v) as string) : String(v);
    });
    const messages = (await this.pg.execProtocolStream(
      concat([
        serialize.bind({ statement: this.name, values: bound }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )) as Message[];
    const rows: T[] = [];
    let fields: { name: string; dataTypeID: number }[] = [];
    // The caller's parsers are looked up before PGlite's, never merged into a copy of them: a copy of PGlite's 318
    // parsers took 0.18 ms, and drizzle brings a new parsers object with every query it has not prepared.
    const parsers = this.pg.parsers;
    const asArray = rowMode === 'array';
    for (const m of messages) {
      if (m.name === 'rowDescription') fields = m.fields as { name: string; dataTypeID: number }[];
      else if (m.name === 'dataRow') {
        const cells = m.fields as (string | null)[];
        const row = (asArray ? new Array(cells.length) : {}) as Record<string | number, unknown>;
        for (let i = 0; i < cells.length; i++) {
          const { name, dataTypeID: type } = fields[i];
          const v = cells[i];
          const p = own?.[type] ?? parsers[type];
          row[asArray ? i : name] = v === null ? null : p ? p(v, type) : v;
        }
        rows.push(row as T);
      }
    }
    return rows;
  }
}
