import { REQUEST_TIMEOUT_MS, SYSTEM_CODE, SYSTEM_NAME } from '@huoke/contracts';

export const TOKEN_KEY = 'huoke_token';
export const getToken = () => localStorage.getItem(TOKEN_KEY);

/** Minimal request client; the console shell replaces it with the full error catalogue of SPEC §8. */
export async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const token = getToken();
  const res = await fetch(`/api${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-system-code': SYSTEM_CODE,
      'x-system-name': SYSTEM_NAME,
      'cache-control': 'no-cache',
      pragma: 'no-cache',
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const data = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok)
    throw Object.assign(new Error(data?.detail ?? data?.title ?? res.statusText), { status: res.status, data });
  return data as T;
}
