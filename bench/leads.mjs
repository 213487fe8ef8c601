// Lead scoring's cost at ingest: the tracking endpoint /api/t with LEAD_SCORING=on against the same run with
// LEAD_SCORING=off (returning visitors reading content: views and 45 s reads, so scoring and hot rules apply), on
// each target database. Figures: durable events/s (stored events over the load plus the drain), and the on/off ratio
// (the goal: ≥ 90%) as the ratio of the medians and as the median of each round's own ratio; the CPU per stored event
// (server, and PostgreSQL's backends), off / on, which this machine's drift moves less; acknowledged events not
// stored must be 0.
import { openDb } from './lib/db.mjs';
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { cpuSeconds, cpuSince, pgBackendCpu, startHuoke } from './lib/servers.mjs';
import { CONNECTIONS, DURATION, login, machine, prepare, RUN, SCALE, targets, WARMUP } from './lib/setup.mjs';
import { shareCode } from './share.mjs';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0';
/**
 * Visitors per round, in turn. With 10,000 each visitor sends about four events a round, seconds apart: its first
 * view or read scores, the rest are reloads and repeats of one visit (scored once). BENCH_LEADS_POOL=100000 gives
 * every event its own new visitor, so that every event scores (the costliest case for scoring).
 */
const POOL = Number(process.env.BENCH_LEADS_POOL ?? 10_000);
/** Rounds of off and on, in turns (the median of each is compared). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Stored events and scoring rows (lead_score_events) so far. */
async function countEvents(target, dataDir) {
  const db = await openDb(target, { dataDir });
  try {
    const [r] = await db.query(
      'select (select count(*)::bigint from behavior_events) as n, (select count(*)::bigint from lead_score_events) as s',
    );
    return { events: Number(r.n), scored: Number(r.s) };
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
      // CPU µs per stored event (the server's, and PostgreSQL's backends beside it): a slower phase of this machine
      // gives the server less CPU, not more work per event, so this moves far less between rounds than events/s.
      const cpuPerEvent = { off: [], on: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const scoring of round % 2 ? ['on', 'off'] : ['off', 'on']) {
          const before = await countEvents(data.target, data.dataDir);
          server = await startHuoke({ db: data.target, dataDir: data.dataDir, env: { LEAD_SCORING: scoring } });
          let r;
          let drain = 0;
          let cpu = 0;
          try {
            const cpu0 = await cpuSeconds(server.pid);
            const db0 = label === 'pglite' ? undefined : await pgBackendCpu(data.target);
            r = await beacons(server.url, code, `${label}${scoring}${connections}r${round}`, connections);
            // The batch in flight when the load stops is stored within the flush interval; then the CPU is read.
            await new Promise((res) => setTimeout(res, 300));
            cpu = (await cpuSeconds(server.pid)) - cpu0;
            if (db0) cpu += cpuSince(db0, (await pgBackendCpu(data.target)) ?? new Map());
          } finally {
            const t = performance.now();
            await server.stop();
            drain = (performance.now() - t) / 1000;
            server = undefined;
          }
          const after = await countEvents(data.target, data.dataDir);
          const stored = after.events - before.events;
          const scoredRows = after.scored - before.scored;
          const acknowledged = r.total - r.errors;
          rate[scoring].push(stored / (DURATION + drain));
          cpuPerEvent[scoring].push(stored ? (1e6 * cpu) / stored : Number.NaN);
          rows.push({ db: label, call: `tracking /api/t, LEAD_SCORING=${scoring}, round ${round + 1}`, ...r });
          notes.push(
            `${label}, ${connections} connections, round ${round + 1}, LEAD_SCORING=${scoring}: stored ${stored} of ${acknowledged} acknowledged: ${Math.round(rate[scoring].at(-1))} events/s durable (load ${DURATION} s + drain ${drain.toFixed(1)} s), ${Math.round(cpuPerEvent[scoring].at(-1))} µs CPU per event; ${Math.max(0, acknowledged - stored)} not stored; ${scoredRows} scoring rows (${((100 * scoredRows) / Math.max(1, stored)).toFixed(1)} per 100 events)`,
          );
        }
      }
      const median = (xs) => {
        const s = [...xs].sort((a, b) => a - b);
        const m = Math.floor(s.length / 2);
        return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
      };
      const pct = (x) => `${(100 * x).toFixed(1)}%`;
      // Each round measures off and on one after the other, so a round's ratio leaves out the machine's slower
      // phases that the medians of each setting take in (a slow phase in two "off" turns lowers the off median).
      const paired = rate.on.map((on, i) => on / rate.off[i]);
      const cpuPaired = cpuPerEvent.on.map((on, i) => cpuPerEvent.off[i] / on);
      notes.push(
        `${label}, ${connections} connections: scoring on / off = ${pct(median(rate.on) / median(rate.off))} (ratio of the medians of ${ROUNDS} rounds); median of the rounds' own ratios ${pct(median(paired))} (per round ${paired.map(pct).join(', ')})`,
        `${label}, ${connections} connections: CPU per stored event, off / on = ${pct(median(cpuPaired))} (median of the rounds' ratios; per round ${cpuPaired.map(pct).join(', ')}; median ${Math.round(median(cpuPerEvent.off))} µs off, ${Math.round(median(cpuPerEvent.on))} µs on)`,
      );
    }
  }
  await report(
    `leads-${RUN}`,
    {
      machine: machine(),
      duration: `${DURATION}s (no warm-up; ${WARMUP}s ignored)`,
      scale: SCALE,
      visitors: `${POOL} per round, in turn (BENCH_LEADS_POOL)`,
      ...Object.fromEntries(notes.map((n, i) => [`note ${i + 1}`, n])),
    },
    rows,
  );
}
