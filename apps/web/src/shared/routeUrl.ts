import type { ApiRoute } from '@huoke/contracts/route';

type Value = string | number | boolean | null | undefined;

/** The route's path with its `:name` parameters filled in, and the query string (empty values left out). */
export function urlOf(route: ApiRoute, input: { params?: unknown; query?: unknown }): string {
  const params = (input.params ?? {}) as Record<string, Value>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, Value | Value[]>)) {
    for (const one of [v].flat()) if (one !== undefined && one !== null && one !== '') q.append(k, String(one));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
