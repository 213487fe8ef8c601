// Lead scoring's cost at ingest: the tracking endpoint /api/t with LEAD_SCORING=on against the same run with
// LEAD_SCORING=off (returning visitors reading content: views and 45 s reads, so scoring and hot rules apply), on
// each target database. Figures: durable events/s (stored events over the load plus the drain), and the on/off ratio
// (the goal: ≥ 90%); acknowledged events not stored must be 0.
import { openDb } from './lib/db.mjs';
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { startHuoke } from './lib/servers.mjs';
import { CONNECTIONS, DURATION, login, machine, prepare, RUN, SCALE, targets, WARMUP } from './lib/setup.mjs';
import { shareCode } from './share.mjs';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0';
const POOL = 10_000;
/** Rounds of off and on, in turns (the median of each is compared). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function countEvents(target, dataDir) {
  const db = await openDb(target, { dataDir });
  try {
    const [r] = await db.query('select count(*)::bigint as n from behavior_events');
    return Number(r.n);
  } finally {
    await db.close();
  }
}

/** Returning visitors in turn, each sending a view or a 45 s read (alternating). */
function beacons(url, code, prefix, connections) {
  let i = 0;
  const view = JSON.stringify({ code, action: 'view' });
  const read = JSON.stringify({ code, action: 'read', durationMs: 45_000 });
  return load({
    url: `${url}/api/t`,
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': UA },
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = i++;
          const v = n % POOL;
          return {
            ...req,
            body: n % 2 ? read : view,
            headers: {
              ...req.headers,
              cookie: `hk_vid=lead${prefix}${String(v).padStart(12, '0')}`,
              'x-forwarded-for': `10.${210 + (v >> 16)}.${(v >> 8) & 255}.${v & 255}`,
            },
          };
        },
      },
    ],
    connections,
    duration: DURATION,
    warmup: 0,
  });
}

export async function run() {
  const rows = [];
  const notes = [];
  for (const [label, db] of targets()) {
    const data = await prepare(label, db);
    let server = await startHuoke({ db: data.target, dataDir: data.dataDir });
    const code = await shareCode(server.url, await login(server.url));
    await server.stop();
    server = undefined;
    for (const connections of CONNECTIONS) {
      // Rounds in turns (off, on; then on, off; …) so that the data's growth and the machine's drift fall on both.
      const rate = { off: [], on: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const scoring of round % 2 ? ['on', 'off'] : ['off', 'on']) {
          const before = await countEvents(data.target, data.dataDir);
          server = await startHuoke({ db: data.target, dataDir: data.dataDir, env: { LEAD_SCORING: scoring } });
          let r;
          let drain = 0;
          try {
            r = await beacons(server.url, code, `${label}${scoring}${connections}r${round}`, connections);
          } finally {
            const t = performance.now();
            await server.stop();
            drain = (performance.now() - t) / 1000;
            server = undefined;
          }
          const stored = (await countEvents(data.target, data.dataDir)) - before;
          const acknowledged = r.total - r.errors;
          rate[scoring].push(stored / (DURATION + drain));
          rows.push({ db: label, call: `tracking /api/t, LEAD_SCORING=${scoring}, round ${round + 1}`, ...r });
          notes.push(
            `${label}, ${connections} connections, round ${round + 1}, LEAD_SCORING=${scoring}: stored ${stored} of ${acknowledged} acknowledged: ${Math.round(rate[scoring].at(-1))} events/s durable (load ${DURATION} s + drain ${drain.toFixed(1)} s); ${Math.max(0, acknowledged - stored)} not stored`,
          );
        }
      }
      const ratios = rate.on.map((on, i) => `${((100 * on) / rate.off[i]).toFixed(1)}%`).join(', ');
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      notes.push(
        `${label}, ${connections} connections: scoring on / off = ${((100 * median(rate.on)) / median(rate.off)).toFixed(1)}% (medians of ${ROUNDS} rounds; per round ${ratios})`,
      );
    }
  }
  await report(
    `leads-${RUN}`,
    {
      machine: machine(),
      duration: `${DURATION}s (no warm-up; ${WARMUP}s ignored)`,
      scale: SCALE,
      ...Object.fromEntries(notes.map((n, i) => [`note ${i + 1}`, n])),
    },
    rows,
  );
}
