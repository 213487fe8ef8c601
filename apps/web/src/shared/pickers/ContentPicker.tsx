import type { ContentPickerProps } from './types';

/** Choose-article / choose-file / video picker (SPEC §2.3): tabs enterprise (1) / mine (2), at most 3. */
export function ContentPicker(_props: ContentPickerProps) {
  return null;
}
