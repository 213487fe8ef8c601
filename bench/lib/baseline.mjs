// The bare-Fastify baseline of one run, measured at each connection count before the real server.
import { load } from './load.mjs';
import { startBare } from './servers.mjs';
import { CONNECTIONS, DURATION, WARMUP } from './setup.mjs';

export async function measureBaseline(rows) {
  const bare = await startBare();
  const baseline = {};
  try {
    for (const connections of CONNECTIONS) {
      const r = await load({ url: `${bare.url}/`, connections, duration: DURATION, warmup: WARMUP });
      baseline[connections] = r.reqPerSec;
      rows.push({ db: '-', call: 'bare Fastify (baseline)', ...r, ratio: '100%' });
    }
  } finally {
    await bare.stop();
  }
  return baseline;
}
