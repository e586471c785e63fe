import { WALLET_CALLS } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/app';
import { signInTestMember } from '../../test/members';
import { ProtectionService } from './protection.service';

describe(ProtectionService.name, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${WALLET_CALLS.balanceSocket.path}`;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  /** A member's socket, signed in with `token`, once it has its first balance. */
  function connect(token: string): Promise<{ closed: Promise<{ code: number; reason: string }> }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const closed = new Promise<{ code: number; reason: string }>((done) =>
        socket.on('close', (code, reason) => done({ code, reason: reason.toString('utf8') })),
      );
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.once('message', () => resolve({ closed }));
      socket.on('error', reject);
    });
  }

  it("closes every socket of a member who takes a time-out, saying why, and leaves another member's open", async () => {
    const { member, token } = await signInTestMember(t.app);
    const second = await signInTestMember(t.app, member);
    const other = await signInTestMember(t.app);
    const sockets = [await connect(token), await connect(second.token)];
    const bystander = await connect(other.token);
    let bystanderClosed = false;
    void bystander.closed.then(() => (bystanderClosed = true));

    await t.app.protection.takeTimeOut({ memberId: member.id, merchantId: member.merchantId }, 2);
    for (const socket of sockets) expect(await socket.closed).toEqual({ code: 4401, reason: 'timeOut' });
    expect(bystanderClosed).toBe(false);
  });
});
