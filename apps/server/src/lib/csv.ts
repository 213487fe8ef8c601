/**
 * CSV for spreadsheets: a UTF-8 byte-order mark (Excel then reads Chinese correctly), CRLF lines, quoted cells,
 * and a leading apostrophe on a cell that starts like a formula (=, +, -, @, tab, CR), so an exported keyword can
 * never run as a formula in the spreadsheet that opens it. Numbers are written as they are.
 */
export function toCsv(rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => {
    if (v === null) return '';
    if (typeof v === 'number') return String(v);
    const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** A Content-Disposition for a download named in Chinese (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function attachment(fileName: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
