// Runs autocannon and reduces its answer to the figures the reports print.
import autocannon from 'autocannon';

export async function load({ url, headers = {}, connections = 10, duration = 20, warmup = 5, method = 'GET', body }) {
  if (warmup > 0) await autocannon({ url, headers, connections, duration: warmup, method, body });
  const r = await autocannon({ url, headers, connections, duration, method, body });
  return {
    connections,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    total: r.requests.total,
  };
}
