import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { badRequest } from './errors.js';

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

async function readXlsx(data: Buffer): Promise<string[][]> {
  // Loaded on the first Excel upload: with its zip readers it took a quarter of a second of every server start.
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('Excel文件无法读取，请使用.xlsx格式', 'file');
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}
