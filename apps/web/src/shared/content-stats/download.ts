import { EXPORT_ROWS_HEADER } from '@huoke/contracts';
import { saveBlob } from '../download';

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
  const res = await fetch(`/api${url}`, { credentials: 'same-origin', headers: { 'accept-language': language } });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
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
