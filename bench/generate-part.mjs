// The generator as a bench part: load time per target at BENCH_SCALE (the large load must take < 15 min).
import { report } from './lib/report.mjs';
import { machine, prepare, RUN, SCALE, targets } from './lib/setup.mjs';

export async function run() {
  const rows = [];
  for (const [label, db] of targets()) {
    const data = await prepare(label, db);
    rows.push({
      db: label,
      scale: SCALE,
      seconds: data.gen.seconds,
      ...data.gen.counts,
      skipped: data.gen.skipped.join('; ') || '-',
      rollups: data.gen.notes.join('; ') || '-',
    });
  }
  await report(`generate-${RUN}`, { machine: machine() }, rows);
}
