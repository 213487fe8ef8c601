import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before any way out of a page while `changed()` says there is work not saved: a link of the sidebar or the top
 * navigation, the browser's back (`ask` answers whether to leave), and a reload or a closed tab (the browser's own
 * question). `leaving()` marks a navigation the page chose itself (after a save, or its own 取消 already asked).
 */
export function useLeaveGuard(changed: () => boolean, ask: () => Promise<boolean>) {
  const leaving = useRef(false);
  const pending = () => !leaving.current && changed();
  const blocker = useBlocker(
    ({ currentLocation: from, nextLocation: to }) =>
      (from.pathname !== to.pathname || from.search !== to.search) && pending(),
  );
  // The question of this render (its words follow the language); asked once per blocked navigation (the blocker is
  // the router's own object, new only when its state changes).
  const asking = useRef(ask);
  asking.current = ask;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void asking.current().then((sure) => {
      if (!sure) return blocker.reset();
      leaving.current = true;
      blocker.proceed();
    });
  }, [blocker]);
  const current = useRef(pending);
  current.current = pending;
  useEffect(() => {
    const unload = (e: BeforeUnloadEvent) => {
      if (current.current()) e.preventDefault();
    };
    window.addEventListener('beforeunload', unload);
    return () => window.removeEventListener('beforeunload', unload);
  }, []);
  return {
    leaving: () => {
      leaving.current = true;
    },
  };
}
