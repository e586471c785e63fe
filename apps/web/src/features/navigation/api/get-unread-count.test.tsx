import { MESSAGE_CALLS, UnreadCountResponseSchema, WALLET_CALLS } from '@parlay/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, ws } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { ok } from '../../../test/api';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { useUnreadCount } from './get-unread-count';

function Badge() {
  const unread = useUnreadCount(true);
  return <output>{unread.data ?? '-'}</output>;
}

describe('useUnreadCount', () => {
  beforeEach(() => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('asks once, then takes each count the member socket pushes, with no request', async () => {
    const realtime = ws.link(`ws://${location.host}${WALLET_CALLS.balanceSocket.path}`);
    const clients: { send: (data: string) => void }[] = [];
    let asked = 0;
    server.use(
      http.get(MESSAGE_CALLS.unreadCount.path, () => {
        asked += 1;
        return ok(UnreadCountResponseSchema, { count: 3 });
      }),
      realtime.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', () => clients.push(client));
      }),
    );
    renderWithShell(<Badge />);
    expect(await screen.findByText('3')).toBeVisible();
    await waitFor(() => expect(clients).toHaveLength(1));
    clients[0]!.send(JSON.stringify({ type: 'balance', sumBalance: 10, currency: 'KRW' }));
    clients[0]!.send(JSON.stringify({ type: 'unreadCount', count: 0 }));
    expect(await screen.findByText('0')).toBeVisible();
    clients[0]!.send(JSON.stringify({ type: 'unreadCount', count: -1 }));
    clients[0]!.send(JSON.stringify({ type: 'unreadCount', count: 7 }));
    expect(await screen.findByText('7')).toBeVisible();
    expect(asked).toBe(1);
  });
});
