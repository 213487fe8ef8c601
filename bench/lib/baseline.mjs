// The bare-Fastify baseline of one run, measured at each connection count before the real server.
import { load } from './load.mjs';
import { cpuSeconds, cpuSince, pgBackendCpu, startBare } from './servers.mjs';
import { CONNECTIONS, DURATION, WARMUP } from './setup.mjs';

export async function measureBaseline(rows) {
  const baseline = {};
  for (const connections of CONNECTIONS) {
    const r = await bareLoad({ connections, duration: DURATION, warmup: WARMUP });
    baseline[connections] = r.reqPerSec;
    rows.push({ db: '-', call: 'bare Fastify (baseline)', ...r, ratio: '100%' });
  }
  return baseline;
}

/** The database floor (dbFloorLoad) at each connection count, as rows of the run; none without PostgreSQL. */
export async function measureDbFloor(rows, dbUrl) {
  const floor = {};
  if (!dbUrl) return floor;
  for (const connections of CONNECTIONS) {
    const r = await dbFloorLoad({ connections, duration: DURATION, warmup: WARMUP, dbUrl });
    floor[connections] = r.reqPerSec;
    rows.push({
      db: 'postgres',
      call: 'database floor: bare Fastify + one trivial query',
      ...r,
      ratio: '-',
      ofFloor: 100,
    });
  }
  return floor;
}

/** Bare Fastify under one load: the figure every call of a run is given as a share of. */
export async function bareLoad({ connections, duration, warmup }) {
  const bare = await startBare();
  try {
    return await load({ url: `${bare.url}/`, connections, duration, warmup });
  } finally {
    await bare.stop();
  }
}

/**
 * The database floor on PostgreSQL: bare Fastify answering the same body after one `select $1::int` through a pool of
 * 10 connections, as our server's pool. No call that asks the database can be faster on this machine and database;
 * a call's share of it tells how much of the gap to bare Fastify is our work and how much the round trip's.
 */
export function dbFloorLoad({ connections, duration, warmup, dbUrl }) {
  // With its CPU per request (server and PostgreSQL), the figures a call's own are read beside.
  return bareRouteLoad(dbUrl, (url) => ({ url: `${url}/db`, connections }), { duration, warmup });
}

/**
 * The statement floor of the score-sorted list on PostgreSQL: bare Fastify running the statement of an
 * administrator's page 1 through the same pool and answering its items (bare-fastify.mjs). A call's share of it
 * tells how much of the gap to the database floor is the statement's and how much our server's layers' (session,
 * validation, query builder, answer).
 */
export function statementFloorLoad({ connections, duration, warmup, dbUrl, companyId }) {
  return bareRouteLoad(
    dbUrl,
    (url) => ({
      url: `${url}/scorelist/${companyId}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageIndex: 1, pageSize: 10, sort: 'score' }),
      connections,
    }),
    { duration, warmup },
  );
}

/** One route of bare Fastify given the PostgreSQL URL (bare-fastify.mjs), measured with its CPU, then stopped. */
async function bareRouteLoad(dbUrl, opts, { duration, warmup }) {
  const bare = await startBare(dbUrl);
  try {
    return await measured(bare.pid, opts(bare.url), { duration, warmup, dbUrl });
  } finally {
    await bare.stop();
  }
}

/**
 * A warm-up, then the timed load with the server's CPU time (and PostgreSQL's, given its URL) read around it: CPU ms
 * per request moves far less with the machine's load than req/s does (a busy machine gives the server less CPU, not
 * more work per request).
 */
export async function measured(pid, opts, { duration, warmup, dbUrl }) {
  await load({ ...opts, duration: warmup, warmup: 0 });
  const cpu0 = await cpuSeconds(pid);
  const db0 = dbUrl ? await pgBackendCpu(dbUrl) : undefined;
  const r = await load({ ...opts, duration, warmup: 0 });
  const cpu = (await cpuSeconds(pid)) - cpu0;
  const db1 = db0 === undefined ? undefined : await pgBackendCpu(dbUrl);
  const perReq = (s) => (r.total && s !== undefined ? Math.round((100_000 * s) / r.total) / 100 : '-');
  return { ...r, cpuMsPerReq: perReq(cpu), dbCpuMsPerReq: perReq(db1 && cpuSince(db0, db1)) };
}
