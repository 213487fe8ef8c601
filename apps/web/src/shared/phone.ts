import { MOBILE_BREAKPOINT_PX } from '@huoke/contracts/constants';
import { useSyncExternalStore } from 'react';

/**
 * Narrower than SPEC §9's breakpoint: a media query, answered from the viewport's size without laying the page out
 * (the body's bounding box forced a layout of the whole page on every check, the first one before the console had
 * painted).
 */
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export const isPhone = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.(MOBILE_QUERY).matches === true;

const subscribe = (changed: () => void) => {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(MOBILE_QUERY) : undefined;
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};

/** Whether the viewport is phone-wide now; the component renders again when that changes. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
