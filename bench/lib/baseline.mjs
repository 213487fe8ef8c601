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
