import { Readable } from 'node:stream';
import { IMPORT_MAX_ROWS } from '@huoke/contracts';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { badRequest, HttpError } from './errors.js';

/**
 * The rows of an uploaded table: CSV (UTF-8, with or without a byte-order mark; comma, semicolon or tab) or Excel
 * (.xlsx, first worksheet). Every cell as trimmed text; a date cell as YYYY-MM-DD. Row 1 is the header.
 */
export async function readTable(data: Buffer, fileName: string): Promise<string[][]> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) return readXlsx(data);
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return readCsv(data);
  throw badRequest('请上传CSV或Excel（.xlsx）文件', 'file');
}

function readCsv(data: Buffer): string[][] {
  const text = data.toString('utf8');
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = firstLine.includes('\t') ? '\t' : firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  try {
    const rows = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
    return rows.map((r) => r.map((c) => c.trim()));
  } catch (e) {
    throw badRequest(`CSV文件无法读取：${(e as Error).message}`, 'file');
  }
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((p) => p.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('error' in v) return '';
  }
  return String(v);
}

/** More columns than any import reads: a sheet wider than this is refused while it is read. */
const XLSX_MAX_COLUMNS = 64;

/**
 * The first worksheet, read as a stream, row by row, within bounds: at most IMPORT_MAX_ROWS + 1 rows past the
 * header (enough for the caller to refuse "too many rows") and XLSX_MAX_COLUMNS columns. Loading the whole book
 * first let a 6 KB file of 1,000 rows with one cell in column XFD build 16 million cells: 30 s of a frozen server
 * and 4 GB of memory.
 */
async function readXlsx(data: Buffer): Promise<string[][]> {
  // Loaded on the first Excel upload: with its zip readers it took a quarter of a second of every server start.
  const { default: Excel } = await import('exceljs');
  const rows: string[][] = [];
  try {
    const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([data]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (row.cellCount > XLSX_MAX_COLUMNS) throw badRequest(`表格最多${XLSX_MAX_COLUMNS}列`, 'file');
        if (row.number > IMPORT_MAX_ROWS + 2) break;
        const cells: string[] = [];
        for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
        rows[row.number - 1] = cells;
      }
      break;
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw badRequest('Excel文件无法读取，请使用.xlsx格式', 'file');
  }
  return Array.from(rows, (r) => r ?? []);
}
