// Time from process start to /readyz: first start on an empty data folder, then a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './lib/report.mjs';
import { rssMb, startHuoke } from './lib/servers.mjs';

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
  for (let i = 1; i <= 3; i++) {
    const again = await startHuoke({ dataDir: dir });
    rows.push({
      case: `PGlite, existing data (restart ${i})`,
      readyMs: Math.round(again.readyMs),
      idleRssMb: await rssMb(again.pid),
    });
    await again.stop({ keepData: true });
  }
  await rm(dir, { recursive: true, force: true });
  await report('startup', {}, rows);
}
