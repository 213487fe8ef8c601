import { IMPORT_MAX_REPORTED, IMPORT_MAX_ROWS, type ImportReport } from '@huoke/contracts';
import { badRequest } from './errors.js';

/** One column of an import: its header in the template, and how a cell becomes a value (or why it cannot). */
export interface ImportColumn<V> {
  key: string;
  header: string;
  /** Other header spellings accepted (English, older templates). */
  aliases?: string[];
  /** The example cell of the template. */
  example: string;
  parse(cell: string): { value: V } | { error: string };
}

// biome-ignore lint/suspicious/noExplicitAny: a row's columns have values of different types
export type Columns = ImportColumn<any>[];
/** A validated row, by column key (each import names its row's shape). */
// biome-ignore lint/suspicious/noExplicitAny: see above
type RowOf<_C extends Columns> = Record<string, any>;

export const ok = <V>(value: V) => ({ value });
export const fail = (error: string) => ({ error });

/** A whole number in [min, max]; thousands separators allowed; empty → the message. */
export const intCell =
  (min: number, max: number, what: string) =>
  (cell: string): { value: number } | { error: string } => {
    const s = cell.replace(/[,，\s]/g, '');
    if (!s) return fail(`请填写${what}`);
    if (!/^-?\d+$/.test(s)) return fail(`${what}须为整数`);
    const n = Number(s);
    if (n < min || n > max) return fail(`${what}须在${min}到${max}之间`);
    return ok(n);
  };

export const textCell =
  (max: number, what: string) =>
  (cell: string): { value: string } | { error: string } => {
    if (!cell) return fail(`请填写${what}`);
    if (cell.length > max) return fail(`${what}最多${max}个字`);
    return ok(cell);
  };

/** A date YYYY-MM-DD (or YYYY/MM/DD), not in the future. */
export const dayCell = (cell: string): { value: string } | { error: string } => {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(cell);
  if (!m) return fail('日期格式须为YYYY-MM-DD');
  const day = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) return fail('日期不存在');
  if (d.getTime() > Date.now() + 86_400_000) return fail('日期不能晚于今天');
  return ok(day);
};

/** The template: the header row and one example row. */
export function templateRows(columns: Columns): string[][] {
  return [columns.map((c) => c.header), columns.map((c) => c.example)];
}

/**
 * Validates every data row: the good rows are handed to `store` (all at once), the bad ones reported with their row
 * number (the header is row 1) and the column at fault. A missing column in the header rejects the file.
 */
export async function importRows<C extends Columns>(
  kind: string,
  table: string[][],
  columns: C,
  store: (rows: { line: number; row: RowOf<C> }[]) => Promise<{ line: number; column: string; message: string }[]>,
): Promise<ImportReport> {
  const header = (table[0] ?? []).map((h) => h.replace(/^\uFEFF/, '').trim());
  const index = new Map<string, number>();
  const missing: string[] = [];
  for (const c of columns) {
    const i = header.findIndex((h) => h === c.header || c.aliases?.includes(h));
    if (i === -1) missing.push(c.header);
    else index.set(c.key, i);
  }
  if (missing.length) throw badRequest(`缺少列：${missing.join('、')}（请使用导入模板）`, 'file');
  const dataRows = table.slice(1);
  if (dataRows.length > IMPORT_MAX_ROWS) throw badRequest(`每次最多导入${IMPORT_MAX_ROWS}行`, 'file');

  const good: { line: number; row: RowOf<C> }[] = [];
  const rejected: ImportReport['rejected'] = [];
  let total = 0;
  dataRows.forEach((cells, i) => {
    if (cells.every((c) => !c)) return; // blank lines are not rows
    total++;
    const line = i + 2;
    const row: Record<string, unknown> = {};
    for (const c of columns) {
      const out = c.parse(cells[index.get(c.key) as number] ?? '');
      if ('error' in out) {
        rejected.push({ line, column: c.header, message: out.error });
        return;
      }
      row[c.key] = out.value;
    }
    good.push({ line, row: row as RowOf<C> });
  });
  const refused = good.length ? await store(good) : [];
  rejected.push(...refused);
  rejected.sort((a, b) => a.line - b.line);
  return {
    kind,
    total,
    accepted: good.length - refused.length,
    rejectedCount: rejected.length,
    rejected: rejected.slice(0, IMPORT_MAX_REPORTED),
  };
}
