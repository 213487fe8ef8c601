// 6. Start-up: time from process start to /readyz on an empty data folder, on a restart, and on a database
//    generated at BENCH_STARTUP_SCALE (default medium); RSS idle.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './lib/report.mjs';
import { rssMb, startHuoke } from './lib/servers.mjs';
import { machine, prepare, targets } from './lib/setup.mjs';

const SCALE = process.env.BENCH_STARTUP_SCALE ?? 'medium';
const TARGET_MS = 2000;

export async function run() {
  const dir = await mkdtemp(join(tmpdir(), 'huoke-startup-'));
  const rows = [];
  const first = await startHuoke({ dataDir: dir });
  rows.push({
    case: 'PGlite, empty data folder (initdb + migrate + seed)',
    readyMs: Math.round(first.readyMs),
    idleRssMb: await rssMb(first.pid),
  });
  await first.stop({ keepData: true });
  for (let i = 1; i <= 2; i++) {
    const again = await startHuoke({ dataDir: dir });
    rows.push({
      case: `PGlite, demo data (restart ${i})`,
      readyMs: Math.round(again.readyMs),
      idleRssMb: await rssMb(again.pid),
    });
    await again.stop({ keepData: true });
  }
  await rm(dir, { recursive: true, force: true });
  for (const [label, db] of targets()) {
    const data = await prepare(label, db, { scale: SCALE });
    for (let i = 1; i <= 2; i++) {
      const s = await startHuoke({ db: data.target, dataDir: data.dataDir });
      rows.push({
        case: `${label}, ${SCALE} data (start ${i})`,
        readyMs: Math.round(s.readyMs),
        idleRssMb: await rssMb(s.pid),
      });
      await s.stop({ keepData: true });
    }
  }
  await report(
    'startup',
    { machine: machine(), target: `≤ ${TARGET_MS} ms to /readyz on an existing medium database` },
    rows,
  );
}
