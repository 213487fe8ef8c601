import type { MouseEvent } from 'react';

/**
 * A lead's number as a salesperson taps it: a `tel:` link that dials on a phone (and opens the computer's calling
 * app); the click stays on the link, so a row or card that opens the lead on click does not open it too. Nothing for
 * an empty number.
 */
export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  if (!phone) return null;
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} onClick={(e: MouseEvent) => e.stopPropagation()}>
      {phone}
    </a>
  );
}
