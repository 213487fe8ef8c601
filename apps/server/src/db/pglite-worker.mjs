// The thread PGlite runs in when the server runs it on a thread of its own (db/pglite-thread.ts). Plain JavaScript:
// a worker thread loads this file as it is, from src/db in the tests and from dist next to main.js once built.
// Each call is one whole operation (a query, a script, a prepared statement's run, a transaction's start or end),
// run under PGlite's own locks as PGlite runs it in one thread, and answered once; the main thread sends the next
// ones without waiting, so this thread always has the next operation at hand. Values are answered as PostgreSQL's
// text (every parser here is the identity): the main thread parses them with its own parsers, which are functions
// and cannot cross threads.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, startParams } = workerData;
const pg = await PGlite.create(dataDir, startParams ? { startParams } : {});
const text = (v) => v;
for (const type of Object.keys(pg.parsers)) pg.parsers[type] = text;

/** Transactions open, by the main thread's number: PGlite's transaction object and how to end it. */
const transactions = new Map();

/** An error with the fields a caller reads (PostgreSQL's code, constraint, detail…), as a structured clone keeps. */
function failure(e) {
  const out = { message: String(e?.message ?? e), name: e?.name ?? 'Error' };
  if (e && typeof e === 'object')
    for (const [k, v] of Object.entries(e)) if (v === undefined || typeof v !== 'object') out[k] = v;
  return out;
}

const strip = ({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows });

/** The transaction a message names (none: the database itself, which waits for any open transaction). */
function session(tx) {
  if (tx === undefined) return pg;
  const t = transactions.get(tx);
  if (!t?.tx) throw new Error(`no open transaction ${tx}`);
  return t.tx;
}

async function begin(tx) {
  let started;
  const ready = new Promise((resolve) => {
    started = resolve;
  });
  const entry = {};
  entry.ended = new Promise((resolve, reject) => {
    entry.end = { resolve, reject };
  });
  transactions.set(tx, entry);
  entry.done = pg
    .transaction(async (t) => {
      entry.tx = t;
      started();
      // Committed when the main thread ends it with `commit`; rolled back when it ends it otherwise.
      await entry.ended;
    })
    .finally(() => transactions.delete(tx));
  // A BEGIN that fails ends the transaction at once.
  await Promise.race([ready, entry.done]);
}

async function end(tx, commit) {
  const entry = transactions.get(tx);
  if (!entry) throw new Error(`no open transaction ${tx}`);
  if (commit) entry.end.resolve();
  else entry.end.reject(Object.assign(new Error('rolled back'), { rolledBack: true }));
  try {
    await entry.done;
  } catch (e) {
    if (!e?.rolledBack) throw e;
  }
}

/**
 * PostgreSQL's reply to wire-protocol messages, as its bytes. Not PGlite's execProtocolRaw: that one also runs every
 * message of the reply through PGlite's protocol parser, which copies each field of each row (the parse the main
 * thread does anyway, pglite-wire.ts); a tenth of this thread's time under a list load.
 */
async function raw(message) {
  const chunks = [];
  let size = 0;
  await pg.execProtocolRawStream(message, {
    syncToFs: true,
    onRawData: (data) => {
      // A view of PGlite's own buffer, reused by the next call: copied.
      chunks.push(data.slice());
      size += data.byteLength;
    },
  });
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

async function run(m) {
  switch (m.op) {
    case 'query':
      return strip(await session(m.tx).query(m.text, m.params, { rowMode: 'array' }));
    case 'exec':
      return (await session(m.tx).exec(m.text, { rowMode: 'array' })).map(strip);
    case 'raw':
      // A prepared statement's messages (db/pglite-statement.ts), whole, between other queries and transactions.
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => raw(m.message)));
    case 'begin':
      return begin(m.tx);
    case 'end':
      return end(m.tx, m.commit);
    case 'close':
      await pg.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

/**
 * Answers go back together: every answer ready by the time this thread's loop comes round is one message. Under load
 * the main thread sends calls many at a time (pglite-thread.ts), and a message and its wake-up cost more than a short
 * query's work.
 */
let answers = [];
let closing = false;
function answer(a) {
  if (!answers.length) setImmediate(flush);
  answers.push(a);
}
function flush() {
  const batch = answers;
  answers = [];
  parentPort.postMessage(batch);
  if (closing) parentPort.close();
}

parentPort.on('message', (calls) => {
  for (const m of calls)
    run(m).then(
      (result) => {
        if (m.op === 'close') closing = true;
        answer({ id: m.id, result });
      },
      (e) => answer({ id: m.id, error: failure(e) }),
    );
});
parentPort.postMessage([{ ready: true }]);
