import type { LiveEvent } from '@huoke/contracts';
import { messagesRoutes } from '@huoke/contracts/routes/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { urlOf } from '../../shared/routeUrl';
import { messagesApi } from './api';
import { showHotNotice } from './hotNotice';
import { messageKeys } from './queries';

const MAX_BACKOFF_MS = 30_000;

/**
 * One live connection per tab (the navbar's bell): a one-time ticket, then server-sent events.
 * New messages refresh the counts and that class's list; visitor events refresh the radar screens; a 🔥 hot moment
 * shows its notice (./hotNotice).
 * A dropped connection reconnects with a fresh ticket (backoff 1 s … 30 s, at once when back online).
 */
export function useLiveUpdates(enabled = true) {
  const qc = useQueryClient();
  const nav = useNavigate();
  const navigate = useRef(nav);
  navigate.current = nav;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let es: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(connect, ms);
    };
    async function connect() {
      if (stopped) return;
      es?.close();
      let ticket: string;
      try {
        ticket = (await messagesApi.ticket()).ticket;
      } catch {
        attempt++;
        return schedule(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt));
      }
      if (stopped) return;
      const source = new EventSource(`/api${urlOf(messagesRoutes.live, { query: { ticket } })}`);
      es = source;
      source.onopen = () => {
        if (attempt > 0) void qc.invalidateQueries({ queryKey: messageKeys.all });
        attempt = 0;
      };
      source.onmessage = (e) => {
        let ev: LiveEvent;
        try {
          ev = JSON.parse(e.data);
        } catch {
          return;
        }
        if (ev.type === 'message') {
          void qc.invalidateQueries({ queryKey: messageKeys.types });
          void qc.invalidateQueries({ queryKey: messageKeys.page(ev.classId) });
        } else if (ev.type === 'visitor') {
          void qc.invalidateQueries({ queryKey: ['radar'] });
          void qc.invalidateQueries({ queryKey: ['workbench'] });
        } else if (ev.type === 'hot') {
          void showHotNotice(ev.messageId, (path) => navigate.current(path));
        }
      };
      source.onerror = () => {
        // The ticket is single-use: EventSource's own retry would be refused, so start over.
        source.close();
        attempt++;
        schedule(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt, 5)));
      };
    }
    const online = () => {
      attempt = 0;
      schedule(0);
    };
    window.addEventListener('online', online);
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
      es?.close();
    };
  }, [enabled, qc]);
}
