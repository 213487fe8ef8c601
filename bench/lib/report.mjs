// Writes bench/results/<date>-<name>.json and a markdown summary beside it, and prints the table.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../results/', import.meta.url));

export async function report(name, meta, rows) {
  const date = new Date().toISOString().slice(0, 10);
  await mkdir(DIR, { recursive: true });
  await writeFile(`${DIR}${date}-${name}.json`, JSON.stringify({ name, date, meta, rows }, null, 2));
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
  await writeFile(`${DIR}${date}-${name}.md`, md);
  console.log(md);
}
