import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { WALLET_CALLS } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type App } from '../app';
import { createTestApp, type TestApp } from '../test/app';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../modules/seamless-wallet/seamless-wallet.fixtures';

const redisInstalled = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
const SKIP_REASON =
  'redis-server is not installed (apt-get install redis-server): the cross-instance push is not tested';
if (!redisInstalled) console.warn(`realtime across instances: SKIPPED, ${SKIP_REASON}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${WALLET_CALLS.balanceSocket.path}`;
}

/** Opens a socket and returns its messages one at a time. */
function open(url: string): Promise<{ socket: WebSocket; next(): Promise<unknown> }> {
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
    socket.on('open', () =>
      resolve({
        socket,
        next: () =>
          messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise((done) => waiters.push(done)),
      }),
    );
    socket.on('error', reject);
  });
}

const title = 'realtime balance across instances through Redis';
describe.skipIf(!redisInstalled)(redisInstalled ? title : `${title} (SKIPPED: ${SKIP_REASON})`, () => {
  let redis: ChildProcess | undefined;
  let a: TestApp;
  let b: App;
  let urlOfB: string;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitFor(() => accepts(port), 'redis-server to accept connections');
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    // Two instances of the platform on one database and one Redis, as behind a load balancer.
    a = await createTestApp(env);
    await installTestVendor(a.app);
    b = await buildApp({ config: a.config, database: a.database.handle });
    await b.ready();
    urlOfB = await listen(b);
    await waitFor(() => a.app.redis?.status === 'ready' && b.redis?.status === 'ready', 'both instances on Redis');
  }, 180_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    redis?.kill('SIGTERM');
  }, 60_000);

  it('pushes a balance changed on instance A to a socket held by instance B', async () => {
    const { authorization, token } = await createFundedPlayer(a.app, 1_000);
    const launch = await launchFor(a.app, authorization);
    const client = await open(urlOfB);
    client.socket.send(JSON.stringify({ type: 'auth', token }));
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: 1_000, currency: 'KRW' });
    // The same socket then says how many messages are unread.
    expect(await client.next()).toEqual({ type: 'unreadCount', count: 0 });

    // The vendor's debit and credit land on A; only Redis can carry them to B's socket. A credit pays a
    // round the player staked in (decision 0027).
    const debit = await callWallet(a.app, 'debit', {
      playerId: launch.playerId,
      currency: 'KRW',
      requestId: 'redis-debit-1',
      sessionToken: launch.sessionToken,
      transactionId: 'redis-d1',
      roundId: 'redis-round',
      gameCode: 'G1',
      amountMinor: 100,
    });
    expect(debit.status).toBe(200);
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: 900, currency: 'KRW' });
    const credit = await callWallet(a.app, 'credit', {
      playerId: launch.playerId,
      currency: 'KRW',
      requestId: 'redis-credit-1',
      transactionId: 'redis-c1',
      roundId: 'redis-round',
      gameCode: 'G1',
      amountMinor: 250,
    });
    expect(credit.status).toBe(200);
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: 1_150, currency: 'KRW' });
    client.socket.close();
  });
});
