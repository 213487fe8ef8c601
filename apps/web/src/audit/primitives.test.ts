import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One primitive per job (issue 20): a list is a `ListTable` (on a phone its rows become cards that name each value),
 * a chart goes through `shared/chart`, and a time is written by `formatDateTime` (China time whatever the browser's
 * zone). Read from the source files, tests excluded.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

const RULES: { what: string; pattern: RegExp; home: string }[] = [
  { what: "antd's <Table> (use ListTable)", pattern: /<Table[\s<>/]/, home: 'shared/ListTable.tsx' },
  { what: 'echarts (use shared/chart/EChart)', pattern: /from 'echarts/, home: 'shared/chart/' },
  {
    what: 'a locale date or time (use formatDateTime)',
    pattern: /toLocaleDateString|toLocaleTimeString|Intl\.DateTimeFormat/,
    home: 'shared/format.ts',
  },
];

function offences(files: { file: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    const rel = relative(SRC, file);
    for (const r of RULES) if (!rel.startsWith(r.home) && r.pattern.test(text)) out.push(`${rel}: ${r.what}`);
  }
  return out;
}

describe('one primitive per job (console)', () => {
  it('lists, charts and times go through their shared primitive', () => {
    expect(offences(walk(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') })))).toEqual([]);
  });

  it('the check names a raw table, a chart import and a locale date outside their homes', () => {
    const at = (p: string, text: string) => ({ file: join(SRC, p), text });
    expect(
      offences([
        at('features/x/List.tsx', 'return <Table columns={c} />;'),
        at('features/x/Chart.tsx', "import * as echarts from 'echarts/core';"),
        at('features/x/When.tsx', 'd.toLocaleDateString()'),
        at('shared/ListTable.tsx', 'return <Table<T> {...props} />;'),
        at('features/x/Sum.tsx', '<Table.Summary.Row />'),
      ]),
    ).toEqual([
      "features/x/List.tsx: antd's <Table> (use ListTable)",
      'features/x/Chart.tsx: echarts (use shared/chart/EChart)',
      'features/x/When.tsx: a locale date or time (use formatDateTime)',
    ]);
  });
});
