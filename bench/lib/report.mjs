// Writes bench/results/<date>-<name>.json and a markdown summary beside it, and prints the table. A committed
// result of the same name and day is kept: the run then writes <date>-<name>-<hhmmss>.md (UTC) instead.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../results/', import.meta.url));

/** Whether bench/results/`file` is committed (tracked by git); false outside a git checkout. */
function committed(file) {
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', file], { cwd: DIR, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function report(name, meta, rows) {
  const now = new Date().toISOString();
  const date = now.slice(0, 10);
  const stem = committed(`${date}-${name}.md`)
    ? `${date}-${name}-${now.slice(11, 19).replaceAll(':', '')}`
    : `${date}-${name}`;
  await mkdir(DIR, { recursive: true });
  await writeFile(`${DIR}${stem}.json`, JSON.stringify({ name, date, meta, rows }, null, 2));
  // Every column any row has, in the order first seen (a later row may add one, as the database floor's share).
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const md = [
    `# ${name} (${date})`,
    '',
    ...Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`),
    '',
    `| ${cols.join(' | ')} |`,
    `|${cols.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${cols.map((c) => r[c] ?? '').join(' | ')} |`),
    '',
  ].join('\n');
  await writeFile(`${DIR}${stem}.md`, md);
  console.log(md);
}
