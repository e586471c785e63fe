// Test harness: a real platform (apps/server over a fresh database) listening on a port, the house
// vendor registered in its catalogue, and a house app that reaches it over HTTP like any vendor.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../server/src/test/app';
import { DEMO_MERCHANT_CODE } from '../../../server/src/db/seed';
import { createTestMember } from '../../../server/src/test/members';
import { buildHouseApp, type HouseApp } from '../app';
import { houseCatalogueFeed, HOUSE_VENDOR_CODE } from '../catalogue';
import { defaultHouseConfig, type HouseConfig } from '../config';
import { migrateHouse } from '../db/migrate';

export const VENDOR_SECRET = 'house-test-secret-0123456789abcdef';

export interface Platform {
  test: TestApp;
  url: string;
  close(): Promise<void>;
}

export async function startPlatform(): Promise<Platform> {
  const test = await createTestApp();
  // The vendor answers through inject() here: nothing fetches its public origin.
  const feed = houseCatalogueFeed({ publicUrl: 'http://localhost', basePath: '/house' });
  await test.app.gaming.catalogueSync.writeFeed(feed, { walletSecret: VENDOR_SECRET });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = test.app.server.address() as AddressInfo;
  return { test, url: `http://127.0.0.1:${port}`, close: () => test.close() };
}

export interface FundedMember {
  id: number;
  account: string;
  authorization: string;
}

/** A real member of the demo brand with money credited through the platform's ledger. */
export async function createFundedMember(platform: Platform, amountMinor: number): Promise<FundedMember> {
  const { app } = platform.test;
  const member = await createTestMember(app);
  await app.gaming.wallet.adjust(
    {
      merchantCode: member.merchantCode,
      account: member.account,
      amountMinor,
      reason: 'test funds',
      idempotencyKey: `fund-${member.account}`,
    },
    app.merchants,
  );
  const { token } = await app.sessions.createSession(member, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: member.id, account: member.account, authorization: `Bearer ${token}` };
}

/** Launches a house game on the platform as the member would, and answers the launch parameters. */
export async function launchGame(
  platform: Platform,
  member: FundedMember,
  gameCode: string,
): Promise<Record<string, string>> {
  const response = await platform.test.app.inject({
    method: 'GET',
    url: `/wps/game/launchGame?vassalage=${HOUSE_VENDOR_CODE}&gameCode=${gameCode}&playMode=real`,
    headers: { authorization: member.authorization },
  });
  const body = response.json<{ success: boolean; value: { game_url: string } }>();
  if (!body.success) throw new Error(`launch failed: ${response.body}`);
  return Object.fromEntries(new URL(body.value.game_url, 'http://localhost').searchParams);
}

export async function getPlatformBalance(platform: Platform, memberId: number): Promise<number> {
  const { app } = platform.test;
  const merchant = await app.merchants.findByCode(DEMO_MERCHANT_CODE);
  return app.gaming.wallet.findBalance(app.db, {
    memberId,
    merchantId: merchant!.id,
    currency: merchant!.brand.currency,
  });
}

export async function startHouse(
  platformUrl: string,
  platform: Platform,
  overrides: Partial<HouseConfig> = {},
): Promise<HouseApp> {
  const database = platform.test.database.handle;
  await migrateHouse(database);
  const house = await buildHouseApp(
    defaultHouseConfig({
      database,
      walletBaseUrl: platformUrl,
      vendorSecret: VENDOR_SECRET,
      walletTimeoutMs: 5_000,
      walletRetryDelaysMs: [20, 50],
      walletMaxAttempts: 3,
      logLevel: 'silent',
      crash: { bettingMs: 300, pauseMs: 200, tickMs: 20, chainGames: 1_000, curveRate: 0.003 },
      ...overrides,
    }),
  );
  await house.app.ready();
  return house;
}

/** Opens the game client's session as the page does with the launch parameters. */
export async function openHouseSession(house: HouseApp, launch: Record<string, string>): Promise<string> {
  const response = await house.app.inject({ method: 'POST', url: '/house/api/sessions', payload: launch });
  const body = response.json<{ success: boolean; value: { token: string } }>();
  if (!body.success) throw new Error(`session failed: ${response.body}`);
  return `Bearer ${body.value.token}`;
}

export type ProxyMode = 'pass' | 'refuse' | 'drop-answer' | 'hold';

/**
 * A real HTTP hop in front of the platform that can fail the way networks do: `refuse` closes the
 * connection before the platform sees the call; `drop-answer` lets the platform apply it and loses the
 * answer; `hold` keeps the calls until `release()` passes them on and lets the later ones through, as a
 * slow network would. `failOn` limits the failure to one wallet path.
 */
export async function startFaultyProxy(target: string): Promise<{
  url: string;
  mode: ProxyMode;
  failOn: string | null;
  release(): void;
  close(): Promise<void>;
}> {
  const state = { mode: 'pass' as ProxyMode, failOn: null as string | null };
  const held: { send(): void; incoming: IncomingMessage }[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const failing = state.mode !== 'pass' && (state.failOn === null || incoming.url === state.failOn);
      if (failing && state.mode === 'refuse') {
        incoming.socket.destroy();
        return;
      }
      const send = () => {
        const forward = httpRequest(
          new URL(incoming.url ?? '/', target),
          { method: incoming.method, headers: incoming.headers },
          (answer) => {
            const body: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => body.push(chunk));
            answer.on('end', () => {
              if (failing && state.mode === 'drop-answer') {
                incoming.socket.destroy();
                return;
              }
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              outgoing.end(Buffer.concat(body));
            });
          },
        );
        forward.on('error', () => incoming.socket.destroy());
        forward.end(Buffer.concat(chunks));
      };
      if (failing && state.mode === 'hold') held.push({ send, incoming });
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    release: () => {
      // A call still on its way to the proxy passes too: it must not be held with nothing to release it.
      state.mode = 'pass';
      for (const call of held.splice(0)) call.send();
    },
    close: () => {
      for (const call of held.splice(0)) call.incoming.socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
