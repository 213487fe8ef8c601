import type { RangePickerProps } from 'antd/es/date-picker';
import { type KeyboardEvent, useRef } from 'react';
import { ChinaRangePicker } from './ChinaDatePicker';
import './DateRangePicker.css';

/** What Tab can reach, in the page's order (those not drawn are skipped below). */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The popup's class: one month at a time on a phone (DateRangePicker.css). */
const POPUP_CLASS = 'date-range-popup';

/**
 * antd's date range picker with a way out for the keyboard, the console's one range picker. With its start empty,
 * antd sends the focus that reaches its end field back to the start (a range is picked from its start), so Tab never
 * left the picker: a keyboard user was held there. Tab from an empty start now goes on to what follows the picker;
 * with a start, Tab goes to the end field as before, and Shift+Tab is antd's own. On a phone its popup shows one
 * month with arrows both ways (DateRangePicker.css), so it fits the screen. Its today is China's in any zone
 * (ChinaRangePicker): the browser's was a day off east or west of China, marked as today a day the range could not end
 * on, or missed the one it could.
 */
export function DateRangePicker(props: RangePickerProps) {
  const box = useRef<HTMLSpanElement>(null);
  const onKeyDownCapture = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || e.shiftKey || !box.current) return;
    const [start] = Array.from(box.current.querySelectorAll('input'));
    if (e.target !== start || start.value) return;
    const all = Array.from(document.querySelectorAll<HTMLElement>(TABBABLE));
    const next = all.find(
      (el) =>
        el.getClientRects().length > 0 &&
        !box.current?.contains(el) &&
        !el.closest('.ant-picker-dropdown') &&
        ((box.current?.compareDocumentPosition(el) ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    );
    if (!next) return;
    e.preventDefault();
    next.focus();
  };
  return (
    <span ref={box} style={{ display: 'contents' }} onKeyDownCapture={onKeyDownCapture}>
      <ChinaRangePicker {...props} classNames={{ popup: { root: POPUP_CLASS } }} />
    </span>
  );
}
