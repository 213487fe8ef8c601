import type { MaterialPickerProps } from './types';

/** Material picker (SPEC §2.3): groups, upload (≤ 6 at once), paged grid, selection rules of §5. */
export function MaterialPicker(_props: MaterialPickerProps) {
  return null;
}
