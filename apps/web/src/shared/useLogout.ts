import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { sessionLeaving } from './request';
import { resetSession } from './session';
import { logoutCall } from './sessionApi';

/**
 * Logout (SPEC §4): ends the session on the server, clears token, user info, cid and isAdmin, goes to /login (or
 * `to`: /login?tab=phone opens its SMS-code tab).
 * Calls still under way when the session ends (message counts, the page's lists) answer 401/410: those are the
 * logout's echo, not an expired session, so they show nothing (request.ts `sessionLeaving`).
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (callServer = true, to = '/login') => {
      const done = sessionLeaving();
      try {
        if (callServer) await logoutCall();
        // The layout leaves with the user info (it renders nothing without it), so no page asks for more.
        resetSession();
        await navigate(to, { replace: true });
        queryClient.clear();
      } finally {
        done();
      }
    },
    [navigate, queryClient],
  );
}
