/** Status text to tag mapping of SPEC §3: 已通过 success, 待审中 warning, anything else danger. */
export function authTagColor(state: string): 'success' | 'warning' | 'error' {
  if (state === '已通过') return 'success';
  if (state === '待审中') return 'warning';
  return 'error';
}
