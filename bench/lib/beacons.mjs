// Tracking beacons (/api/t) as the cluster, quick and mixed parts send them: each from a visitor never seen before,
// from a new address (the beacon's per-visitor and per-address limits never apply), and the count of stored events.
import { openDb } from './db.mjs';
import { load } from './load.mjs';

export const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0';

let seq = 0;
/** A visitor key and address never used before in this process (prefix keeps runs of several parts apart). */
export function newVisitor(prefix = 'b') {
  const n = seq++;
  return {
    vid: `${prefix}${Date.now().toString(36)}x${String(n).padStart(10, '0')}`,
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
}

/** autocannon `requests` sending `body` to /api/t, each from a new visitor. */
export function beaconRequests(body, prefix) {
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        const v = newVisitor(prefix);
        return { ...req, body, headers: { ...req.headers, cookie: `hk_vid=${v.vid}`, 'x-forwarded-for': v.ip } };
      },
    },
  ];
}

/** Beacons for `duration` seconds (no warm-up: every acknowledged one is counted); `ok` = 204s = acknowledged. */
export function beaconLoad(url, code, { connections, duration, overallRate, prefix }) {
  return load({
    url: `${url}/api/t`,
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': UA },
    requests: beaconRequests(JSON.stringify({ code, action: 'view' }), prefix),
    connections,
    duration,
    overallRate,
    warmup: 0,
    countOk: true,
  });
}

/** Rows in behavior_events (undefined when the table cannot be read). */
export async function countEvents(target, dataDir) {
  const db = await openDb(target, { dataDir });
  try {
    const [r] = await db.query('select count(*)::bigint as n from behavior_events');
    return Number(r.n);
  } catch {
    return undefined;
  } finally {
    await db.close();
  }
}
