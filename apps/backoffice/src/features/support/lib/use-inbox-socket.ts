import { callWithParams, SUPPORT_CALLS } from '@parlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supportKeys } from '../api/query-keys';

const MAX_BACKOFF_MS = 30_000;

/**
 * The inbox's socket while the page is open: each message or change of the brand's conversations refreshes the
 * inbox and the open conversation. Its being open is also what tells customers an operator is online. Reconnects
 * with backoff after a drop.
 */
export function useInboxSocket(brand: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const path = callWithParams(SUPPORT_CALLS.supportInboxSocket, { brand }).path;
      const current = new WebSocket(`${scheme}://${window.location.host}${path}`);
      socket = current;
      current.addEventListener('open', () => {
        attempt = 0;
      });
      current.addEventListener('message', () => {
        void client.invalidateQueries({ queryKey: supportKeys.all(brand) });
      });
      current.addEventListener('close', () => {
        if (stopped || socket !== current) return;
        timer = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt));
        attempt += 1;
      });
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    };
  }, [brand, client]);
}
