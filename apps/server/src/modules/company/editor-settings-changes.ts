import type { EditorSettings } from '@huoke/contracts';

/** The settings as one level of fields: `watermark.enabled` is `watermarkEnabled`, as the audit log names it. */
function flat(o: object, prefix = ''): [string, unknown][] {
  return Object.entries(o).flatMap(([k, v]): [string, unknown][] => {
    const key = prefix ? `${prefix}${k[0].toUpperCase()}${k.slice(1)}` : k;
    return v && typeof v === 'object' && !Array.isArray(v) ? flat(v, key) : [[key, v]];
  });
}

/** What a save changed, for the audit log: each field that differs, as from → to (none: nothing to log). */
export function editorSettingsChanges(
  before: EditorSettings,
  after: EditorSettings,
): Record<string, { from: unknown; to: unknown }> {
  const was = new Map(flat(before));
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of flat(after)) {
    const from = was.get(key);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
