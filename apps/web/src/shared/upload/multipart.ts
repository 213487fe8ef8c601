import { REQUEST_TIMEOUT_MS } from '@huoke/contracts';
import type { ApiRoute, RouteAnswer } from '@huoke/contracts/route';
import { sessionRoutes } from '@huoke/contracts/routes/session';
import { message } from 'antd';
import { consoleHeaders } from '../request';
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

/** POSTs a multipart form to the upload route with the session cookie; answers the parsed JSON. */
export async function postForm<R extends ApiRoute>(
  route: R,
  form: FormData,
  signal?: AbortSignal,
): Promise<RouteAnswer<R>> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const res = await fetch(`/api${urlOf(route, {})}`, {
    method: 'POST',
    // The reader's language too: a refused file (文件内容与扩展名不符) is said in it.
    headers: consoleHeaders(),
    body: form,
    credentials: 'same-origin',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const data = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok) {
    const d = data as { detail?: string; title?: string } | string;
    const msg = typeof d === 'string' ? d || res.statusText : (d?.detail ?? d?.title ?? res.statusText);
    // An ended session: one session call lets the shared client show 登录过期 / the detail and go to /login.
    if (res.status === 401 || res.status === 410)
      void import('../call').then(({ call }) => call(sessionRoutes.userInfo)).catch(() => undefined);
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
