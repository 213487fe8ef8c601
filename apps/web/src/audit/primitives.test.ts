import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One primitive per job (issue 20): a list is a `ListTable` (on a phone its rows become cards that name each value),
 * a chart goes through `shared/chart`, a time is written by `formatDateTime` (China time whatever the browser's
 * zone), a dialog around a form is a `FormDialog` (OK and Enter submit it, once at a time), and a failure is shown
 * by `reportFailure` (a failed call once, by the request client). Read from the source files, tests excluded. A
 * dialog that switches between whole forms of their own (创建企业 / 加入企业) holds those components, not a `<Form>`,
 * and is not one dialog around one form.
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
  {
    what: 'a <Modal> around a <Form> (use FormDialog)',
    pattern: /<Modal[\s>][\s\S]*<Form[\s>]|<Form[\s>][\s\S]*<Modal[\s>]/,
    home: 'shared/FormDialog.tsx',
  },
  {
    what: "a failure's message shown again (use reportFailure: the request client showed it)",
    pattern: /message\.error\(\(?\w+(?: as Error\))?\.message\)/,
    home: 'shared/form.ts',
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
  it('lists, charts, times, form dialogs and failures go through their shared primitive', () => {
    expect(offences(walk(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') })))).toEqual([]);
  });

  it('the check names a raw table, a chart import, a locale date, a form in a modal and a repeated failure outside their homes', () => {
    const at = (p: string, text: string) => ({ file: join(SRC, p), text });
    expect(
      offences([
        at('features/x/List.tsx', 'return <Table columns={c} />;'),
        at('features/x/Chart.tsx', "import * as echarts from 'echarts/core';"),
        at('features/x/When.tsx', 'd.toLocaleDateString()'),
        at('shared/ListTable.tsx', 'return <Table<T> {...props} />;'),
        at('features/x/Sum.tsx', '<Table.Summary.Row />'),
        at('features/x/Ask.tsx', '<Modal open={o}>\n  <Form form={f}>\n    <Input />\n  </Form>\n</Modal>'),
        at('features/x/Picker.tsx', '<Modal open={o}>\n  <Form.Item label="x" />\n</Modal>'),
        at('features/x/Save.tsx', 'save.mutate(v, { onError: (e: Error) => message.error(e.message) });'),
        at('features/x/Share.tsx', '} catch (e) {\n  message.error((e as Error).message);\n}'),
      ]),
    ).toEqual([
      "features/x/List.tsx: antd's <Table> (use ListTable)",
      'features/x/Chart.tsx: echarts (use shared/chart/EChart)',
      'features/x/When.tsx: a locale date or time (use formatDateTime)',
      'features/x/Ask.tsx: a <Modal> around a <Form> (use FormDialog)',
      "features/x/Save.tsx: a failure's message shown again (use reportFailure: the request client showed it)",
      "features/x/Share.tsx: a failure's message shown again (use reportFailure: the request client showed it)",
    ]);
  });
});
