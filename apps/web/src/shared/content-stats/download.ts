import { EXPORT_ROWS_HEADER } from '@huoke/contracts';
import { saveBlob } from '../download';
import { textOf, watchSession } from '../request';

/**
 * An export the server refused. `words`: the server's own (a problem's detail or title), if it said any; `said`: the
 * refusal ended the session and was said as every call's end is (its words, a held login's on the login page).
 */
export class ExportRefused extends Error {
  constructor(
    readonly status: number,
    readonly words: string | undefined,
    readonly said: boolean,
  ) {
    super(words ?? `HTTP ${status}`);
  }
}

/**
 * Downloads a streamed CSV answer, reporting rows as they arrive (the server names the total in a header), then
 * hands the file to the browser. `language`: the console's, so the file's header and name are in it. Answers the
 * number of rows.
 */
export async function downloadCsv(
  url: string,
  language: string,
  onProgress: (done: number, total: number) => void,
): Promise<number> {
  const session = watchSession();
  const res = await fetch(`/api${url}`, { credentials: 'same-origin', headers: { 'accept-language': language } });
  if (!res.ok || !res.body) {
    // A 401/410 ends the session from this answer, as any call's does: a held login's words on the login page, its
    // SMS-code tab open (it threw "HTTP 410", said as 导出失败，请重试, and the user stayed on a page with no session).
    const type = res.headers.get('content-type') ?? '';
    const data: unknown = type.includes('json') ? await res.json().catch(() => undefined) : await res.text();
    const said = await session(res.status, res.statusText, data);
    throw new ExportRefused(res.status, textOf(data, '') || undefined, said);
  }
  const total = Number(res.headers.get(EXPORT_ROWS_HEADER) ?? 0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (const b of value) if (b === 10) lines++;
    onProgress(Math.max(0, lines - 1), total);
  }
  const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const blob = new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, name ? decodeURIComponent(name) : 'export.csv');
  return Math.max(0, lines - 1);
}
