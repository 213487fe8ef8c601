import type { KeyboardEvent } from 'react';

/**
 * Props that make an element opened by a click (a table row, a card) a tab stop that Enter and Space open too, for
 * what cannot be a <button> itself. Keys pressed in a control inside it stay that control's.
 */
export function opensByKeyboard(open: () => void) {
  return {
    tabIndex: 0,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      open();
    },
  };
}
