/**
 * A named prepared statement on PGlite. PGlite's `query(text, params)` parses and plans the text on every call and
 * talks to the WASM backend five times (Parse, Describe, Bind, Describe, Execute, then Sync); for a long statement
 * run many times a second (the ingest's batch) the parse and those crossings cost more than the work. Here the text
 * is parsed and described once (Parse with a name, as node-postgres does on PostgreSQL), and each run sends Bind,
 * Execute and Sync as one message and reads the reply itself (pglite-wire.ts). Runs hold PGlite's own locks, so they
 * never interleave with another query or fall inside another caller's transaction.
 */
import { type PGlite, protocol } from '@electric-sql/pglite';
import { arrayLiteral, LITERAL_ARRAY_TYPES } from './array-literal.js';
import { bindExecuteSync, Reply, rowMaker } from './pglite-wire.js';

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
type Field = { name: string; dataTypeID: number };
interface Shape {
  types: number[];
  fields: Field[];
}

export interface RunOptions {
  rowMode?: 'object' | 'array';
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

export class PgliteStatement {
  /**
   * Parameter types and result columns as PostgreSQL described them (undefined: not parsed on this PGlite yet). The
   * promise, so that runs asked for at once parse it once (on PGlite's own thread they come one at a time anyway; on
   * PGlite's thread of its own, pglite-thread.ts, they are sent as they come).
   */
  private shape: Promise<Shape> | undefined;

  constructor(
    private readonly pg: PGlite,
    private readonly name: string,
    private readonly text: string,
  ) {}

  /** Parses the statement and reads its parameter types and result columns once (a run describes nothing). */
  private async prepare(): Promise<Shape> {
    const messages = (await this.pg.execProtocolStream(
      concat([
        serialize.parse({ name: this.name, text: this.text }),
        serialize.describe({ type: 'S', name: this.name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )) as Message[];
    return {
      types: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      fields: (messages.find((m) => m.name === 'rowDescription')?.fields ?? []) as Field[],
    };
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
          this.shape = undefined;
          rows = await this.execute(values, options);
        }
        await this.pg.syncToFs();
        return rows;
      }),
    );
  }

  /** Deallocates the statement (a statement cache letting it go); a statement never parsed has nothing to free. */
  async close(): Promise<void> {
    if (!this.shape) return;
    this.shape = undefined;
    await this.pg._runExclusiveQuery(() =>
      this.pg.execProtocolStream(concat([serialize.close({ type: 'S', name: this.name }), serialize.sync()]), {
        syncToFs: false,
      }),
    );
  }

  private async execute<T>(values: unknown[], { rowMode = 'object', parsers: own }: RunOptions): Promise<T[]> {
    this.shape ??= this.prepare().catch((e) => {
      this.shape = undefined;
      throw e;
    });
    const { types, fields } = await this.shape;
    const serializers = this.pg.serializers;
    const bound = values.map((v, i) => {
      if (v === null || v === undefined) return null;
      const elements = Array.isArray(v) ? LITERAL_ARRAY_TYPES[types[i]] : undefined;
      const literal = elements && arrayLiteral(v as unknown[], elements === 'numbers');
      if (literal !== undefined) return literal;
      const s = serializers[types[i]];
      return s ? (s(v) as string) : String(v);
    });
    // Bind, Execute and Sync in one message; the reply is read here (pglite-wire.ts), not by PGlite's parser.
    const reply = new Reply();
    await this.pg.execProtocolRawStream(bindExecuteSync(this.name, bound), {
      syncToFs: false,
      onRawData: reply.onRawData,
    });
    const rows: T[] = [];
    const make = rowMaker(fields, this.pg.parsers, own, rowMode);
    reply.read((cells) => rows.push(make(cells) as T));
    return rows;
  }
}
