import { REQUEST_TIMEOUT_MS } from '@huoke/contracts';
import type { ApiRoute, RouteAnswer } from '@huoke/contracts/route';
import { message } from 'antd';
import i18n from '../i18n';
import { consoleHeaders, watchSession } from '../request';
import { urlOf } from '../routeUrl';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** How far a form has gone: bytes sent of the bytes to send. */
export type SendProgress = (sent: number, total: number) => void;

/** An answer's status and text, however it was fetched. */
interface RawAnswer {
  status: number;
  statusText: string;
  contentType: string;
  text: string;
}

async function sendByFetch(url: string, form: FormData, signal: AbortSignal): Promise<RawAnswer> {
  const res = await fetch(url, {
    method: 'POST',
    // The reader's language too: a refused file (文件内容与扩展名不符) is said in it.
    headers: consoleHeaders(),
    body: form,
    credentials: 'same-origin',
    signal,
  });
  return {
    status: res.status,
    statusText: res.statusText,
    contentType: res.headers.get('content-type') ?? '',
    text: await res.text(),
  };
}

/**
 * The same request through XMLHttpRequest, whose upload events say how much of the body has gone (fetch says
 * nothing until the answer): a picture on a slow line showed no sign of life until it was stored. Failures are
 * those of fetch: a TypeError for the network, the signal's reason when it ends the request.
 */
function sendWithProgress(url: string, form: FormData, signal: AbortSignal, onProgress: SendProgress) {
  return new Promise<RawAnswer>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(consoleHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        contentType: xhr.getResponseHeader('content-type') ?? '',
        text: xhr.responseText,
      });
    xhr.onerror = () => reject(new TypeError(i18n.t('common:upload.networkFailed')));
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => signal.removeEventListener('abort', abort);
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form to the upload route with the session cookie; answers the parsed JSON. With `onProgress` it
 * is told how many bytes have gone as they go.
 */
export async function postForm<R extends ApiRoute>(
  route: R,
  form: FormData,
  signal?: AbortSignal,
  onProgress?: SendProgress,
): Promise<RouteAnswer<R>> {
  const session = watchSession();
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const ended = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const url = `/api${urlOf(route, {})}`;
  const res = onProgress ? await sendWithProgress(url, form, ended, onProgress) : await sendByFetch(url, form, ended);
  const data = res.contentType.includes('json') ? JSON.parse(res.text || 'null') : res.text;
  if (res.status < 200 || res.status >= 300) {
    const d = data as { detail?: string; title?: string } | string;
    const msg = typeof d === 'string' ? d || res.statusText : (d?.detail ?? d?.title ?? res.statusText);
    // An ended session is said and left as the request client says and leaves any (its words, a held login's on the
    // login page): from this answer, which cleared the session cookie. Any other 401 (no session at all) is said here,
    // the callers saying nothing of a 401/410.
    if ((res.status === 401 || res.status === 410) && !(await session(res.status, res.statusText, data)))
      message.error(msg, 5);
    throw new UploadError(msg, res.status, data);
  }
  return data as RouteAnswer<R>;
}

/** Builds a form: each file under `field`, then every defined option as text. */
export function formOf(field: string, files: Blob[], options: Record<string, unknown> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(options)) if (v !== undefined && v !== null) form.append(k, String(v));
  for (const f of files) form.append(field, f, f instanceof File ? f.name : 'blob');
  return form;
}

/**
 * Shows an upload failure. Calls through the shared request client show their own error (SPEC §8); uploads use
 * their own fetch, and local failures (a dropped network) have no status, so those are shown here.
 */
export function showUploadError(e: unknown) {
  if (e instanceof UploadError && (e.status === 401 || e.status === 410)) return;
  if (e instanceof UploadError || !(e && typeof e === 'object' && 'status' in e))
    message.error(e instanceof Error ? e.message : String(e), 5);
}
