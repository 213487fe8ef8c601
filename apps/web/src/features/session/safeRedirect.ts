/**
 * A `redirect` query value that stays inside the console: a path resolved as the browser would resolve it, on this
 * origin. `/\\evil.example` and `/<tab>/evil.example` start with one slash but a browser reads them as
 * `//evil.example` (another site): refused like `//…`, as is anything that leaves the origin.
 */
export function safeRedirect(v: string | null | undefined): string {
  const base = 'http://console.invalid';
  if (!v?.startsWith('/')) return '/';
  let u: URL;
  try {
    u = new URL(v, base);
  } catch {
    return '/';
  }
  if (u.origin !== base) return '/';
  const path = u.pathname + u.search + u.hash;
  return path.startsWith('/login') ? '/' : path;
}
