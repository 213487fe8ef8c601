/** Boolean answers of the permission checks: `{ result }` (or `{ data }`, or a bare boolean). */
export function boolAnswer(r: unknown): boolean {
  if (typeof r === 'object' && r !== null) {
    const o = r as { result?: unknown; data?: unknown };
    return Boolean(o.result ?? o.data);
  }
  return r === true || r === 'true';
}
