import { WALLET_CALLS } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../test/app';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../modules/seamless-wallet/seamless-wallet.fixtures';

describe('realtime balance', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${WALLET_CALLS.balanceSocket.path}`;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  function open(): Promise<{
    socket: WebSocket;
    messages: unknown[];
    next(): Promise<unknown>;
    closed: Promise<number>;
  }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const messages: unknown[] = [];
      const waiters: ((value: unknown) => void)[] = [];
      socket.on('message', (raw: Buffer) => {
        const message: unknown = JSON.parse(raw.toString('utf8'));
        const waiter = waiters.shift();
        if (waiter) waiter(message);
        else messages.push(message);
      });
      const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
      socket.on('open', () =>
        resolve({
          socket,
          messages,
          closed,
          next: () =>
            messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise((done) => waiters.push(done)),
        }),
      );
      socket.on('error', reject);
    });
  }

  it('pushes the balance after sign-in and again when a vendor credit lands', async () => {
    const { authorization, token } = await createFundedPlayer(t.app, 1_000);
    const launch = await launchFor(t.app, authorization);
    const client = await open();
    client.socket.send(JSON.stringify({ type: 'auth', token }));
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: 1_000, currency: 'KRW' });
    // The same socket then says how many messages are unread.
    expect(await client.next()).toEqual({ type: 'unreadCount', count: 0 });
    // A credit pays a round the player staked in (decision 0027).
    await callWallet(t.app, 'debit', {
      playerId: launch.playerId,
      currency: 'KRW',
      requestId: 'ws-debit-1',
      sessionToken: launch.sessionToken,
      transactionId: 'ws-d1',
      roundId: 'ws-round',
      gameCode: 'G1',
      amountMinor: 100,
    });
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: 900, currency: 'KRW' });
    await callWallet(t.app, 'credit', {
      playerId: launch.playerId,
      currency: 'KRW',
      requestId: 'ws-credit-1',
      transactionId: 'ws-c1',
      roundId: 'ws-round',
      gameCode: 'G1',
      amountMinor: 250,
    });
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: 1_150, currency: 'KRW' });
    client.socket.close();
  });

  it('closes a socket whose token is not a session', async () => {
    const client = await open();
    client.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-session-token' }));
    expect(await client.closed).toBe(4401);
  });

  it('closes a socket whose first message is not the auth message', async () => {
    const client = await open();
    client.socket.send('hello');
    expect(await client.closed).toBe(4400);
  });
});
