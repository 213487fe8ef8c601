import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { resetSession } from '../../shared/session';
import { logoutCall } from './api';

/** Logout (SPEC §4): ends the session on the server, clears token, user info, cid and isAdmin, goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (callServer = true) => {
      if (callServer) await logoutCall();
      resetSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    },
    [navigate, queryClient],
  );
}
