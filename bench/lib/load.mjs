// Runs autocannon and reduces its answer to the figures the reports print.
import autocannon from 'autocannon';

/**
 * `countOk` adds `ok`, the 2xx answers; `overallRate` caps the requests per second over all connections (an open-loop rate).
 * `requests` (autocannon's) varies each request, e.g. a fresh cookie or address per event; `amount` sends that many
 * requests instead of loading for `duration` seconds.
 */
export async function load({
  url,
  headers = {},
  connections = 10,
  duration = 20,
  warmup = 5,
  method = 'GET',
  body,
  requests,
  amount,
  overallRate,
  countOk = false,
}) {
  const opts = {
    url,
    headers,
    connections,
    method,
    body,
    ...(requests ? { requests } : {}),
    ...(overallRate ? { overallRate } : {}),
  };
  if (warmup > 0) await autocannon({ ...opts, duration: warmup });
  const r = await autocannon({ ...opts, ...(amount ? { amount } : { duration }) });
  return {
    connections,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: r.requests.total,
    /** `countOk`: answers 2xx (a beacon's 204: acknowledged). */
    ...(countOk ? { ok: r['2xx'] } : {}),
  };
}
