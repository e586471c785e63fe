import type { OperatorSession } from '@parlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getLastCallAt } from '../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../lib/session';

/** A little after the server's own end, so the question finds the session already ended. */
const MARGIN_MS = 2_000;

/**
 * When the session should have ended (30 minutes after the last call, or at its 12 hours), ask the server: an
 * ended session sends the operator to sign-in by itself, instead of at their next click. A call made meanwhile
 * moves the idle end on, and the check waits again.
 */
export function useSessionExpiry(session: OperatorSession): void {
  const client = useQueryClient();
  useEffect(() => {
    const absoluteEnd = Date.parse(session.expiresAt);
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const end = Math.min(absoluteEnd, getLastCallAt() + session.idleSeconds * 1000);
      const wait = end + MARGIN_MS - Date.now();
      timer = setTimeout(
        () => {
          const moved = Math.min(absoluteEnd, getLastCallAt() + session.idleSeconds * 1000);
          if (moved + MARGIN_MS > Date.now()) return schedule();
          void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        },
        Math.max(wait, 1_000),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [client, session.expiresAt, session.idleSeconds]);
}
