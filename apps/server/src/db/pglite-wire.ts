/**
 * The two wire messages a prepared statement's run needs, written and read here rather than by PGlite's protocol
 * classes: under `npm run bench -- reads` (PGlite `medium`, reply cache off, `--cpu-prof`) PGlite's reader of the
 * reply was the largest single cost of a list page's request, a ninth of the server's CPU: it copies every field of
 * every row into an ArrayBuffer of its own (`ArrayBuffer.prototype.slice`) before decoding it, through private-field
 * helpers. Here a run's whole reply is one Buffer and each field is decoded in place.
 */
import { protocol } from '@electric-sql/pglite';

const { DatabaseError } = protocol.messages;

/** Bind (unnamed portal, text parameters and results), Execute (all rows) and Sync, as one message. */
export function bindExecuteSync(statement: string, values: (string | null)[]): Uint8Array {
  const name = Buffer.from(statement);
  const texts = values.map((v) => (v === null ? null : Buffer.from(v)));
  // Bind: type, length, portal "", statement, 0 parameter formats, n, each (length, bytes), 0 result formats.
  const bindLength = 4 + 1 + name.length + 1 + 2 + 2 + texts.reduce((n, t) => n + 4 + (t?.length ?? 0), 0) + 2;
  const out = Buffer.allocUnsafe(1 + bindLength + EXECUTE_SYNC.length);
  let at = out.writeUInt8(0x42, 0);
  at = out.writeInt32BE(bindLength, at);
  at = out.writeUInt8(0, at);
  at += name.copy(out, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(0, at);
  at = out.writeInt16BE(texts.length, at);
  for (const t of texts) {
    at = out.writeInt32BE(t ? t.length : -1, at);
    if (t) at += t.copy(out, at);
  }
  at = out.writeInt16BE(0, at);
  EXECUTE_SYNC.copy(out, at);
  return out;
}

/** Execute (unnamed portal, no row limit) then Sync. */
const EXECUTE_SYNC = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4]);

type CellParser = (value: string, type: number) => unknown;

/**
 * Turns a reply's text cells into rows as PGlite's `query` does: objects by column name, or arrays with
 * `rowMode: 'array'`; each value parsed by the caller's parser for its type, else PGlite's. The caller's parsers are
 * looked up before PGlite's, never merged into a copy of them: a copy of PGlite's 318 parsers took 0.18 ms, and
 * drizzle brings a new parsers object with every query it has not prepared.
 */
export function rowMaker(
  fields: { name: string; dataTypeID: number }[],
  parsers: Record<number, CellParser | undefined>,
  own: Record<number, CellParser> | undefined,
  rowMode: 'object' | 'array' = 'object',
): (cells: (string | null)[]) => Record<string | number, unknown> {
  const column = fields.map(({ name, dataTypeID: type }) => ({ name, type, parse: own?.[type] ?? parsers[type] }));
  const asArray = rowMode === 'array';
  return (cells) => {
    const row = (asArray ? new Array(cells.length) : {}) as Record<string | number, unknown>;
    for (let i = 0; i < cells.length; i++) {
      const { name, type, parse } = column[i];
      const v = cells[i];
      row[asArray ? i : name] = v === null ? null : parse ? parse(v, type) : v;
    }
    return row;
  };
}

/** Collects a run's reply, chunk by chunk (PGlite hands a view of its own buffer, so each chunk is copied). */
export class Reply {
  private readonly chunks: Buffer[] = [];
  readonly onRawData = (data: Uint8Array) => {
    this.chunks.push(Buffer.from(data));
  };

  /**
   * The data rows' fields (text, null for SQL NULL), each row handed to `row`; a database error is thrown after the
   * whole reply is read, as PGlite's own reader does. Notices and anything else are skipped.
   */
  read(row: (cells: (string | null)[]) => void): void {
    const buf = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    let error: InstanceType<typeof DatabaseError> | undefined;
    let at = 0;
    while (at + 5 <= buf.length) {
      const type = buf[at];
      const length = buf.readInt32BE(at + 1);
      const body = at + 5;
      const end = at + 1 + length;
      if (type === 0x44 && !error) {
        const n = buf.readInt16BE(body);
        const cells = new Array<string | null>(n);
        let p = body + 2;
        for (let i = 0; i < n; i++) {
          const len = buf.readInt32BE(p);
          p += 4;
          if (len < 0) cells[i] = null;
          else {
            cells[i] = buf.toString('utf8', p, p + len);
            p += len;
          }
        }
        row(cells);
      } else if (type === 0x45 && !error) error = databaseError(buf, body, end, length);
      at = end;
    }
    if (error) throw error;
  }
}

/** An ErrorResponse as PGlite's DatabaseError, with the same fields (code, detail, constraint…). */
function databaseError(buf: Buffer, from: number, to: number, length: number) {
  const f: Record<string, string> = {};
  let at = from;
  while (at < to && buf[at] !== 0) {
    const key = String.fromCharCode(buf[at]);
    const zero = buf.indexOf(0, at + 1);
    f[key] = buf.toString('utf8', at + 1, zero);
    at = zero + 1;
  }
  return Object.assign(new DatabaseError(f.M ?? '', length, 'error'), {
    severity: f.S,
    code: f.C,
    detail: f.D,
    hint: f.H,
    position: f.P,
    internalPosition: f.p,
    internalQuery: f.q,
    where: f.W,
    schema: f.s,
    table: f.t,
    column: f.c,
    dataType: f.d,
    constraint: f.n,
    file: f.F,
    line: f.L,
    routine: f.R,
  });
}
