import { fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Ends the opening motion of the dialogs on the page, as a browser does when it ends: jsdom runs no CSS animation, so
 * antd's dialog waits for an end event that never comes, and what it does once open (its afterOpenChange: where the
 * cursor starts) never runs. The motion takes the event only once it is active, and listens for `transitionend`
 * under that name in jsdom (it has TransitionEvent; its animation end name is a vendor's).
 */
export async function endDialogMotion(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.ant-modal[class*="-appear-active"]')).toBeTruthy());
  for (const dialog of document.querySelectorAll('.ant-modal')) fireEvent.transitionEnd(dialog);
}
