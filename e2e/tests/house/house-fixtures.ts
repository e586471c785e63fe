import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { createDataDir } from '../../support/server';
import { DEMO_MEMBER, signIn, type Session } from '../games/games-fixtures';
import { shoot } from '../../support/shell';
import { JOURNEY_SERVER_ENV } from '../../support/server-env';

export { DEMO_MEMBER, rememberPreferences, useSession, expectNoSidewaysScroll } from '../games/games-fixtures';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../screenshots/house');
export const WIDTHS = [375, 1280] as const;
/** The demo brand's second funded account (apps/server/src/modules/games/games.seed.ts). */
export const AGENT_MEMBER = { username: 'agent', password: 'Agent1234!' };
const root = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface HouseServer {
  baseURL: string;
  houseURL: string;
}

/**
 * A platform of its own with the embedded house vendor: the journeys count every minor unit of the
 * demo members' money, so no other journey may play with them meanwhile. Crash rounds are short here
 * (4 s betting, 1 s pause, 2× in 1.2 s) so a journey waits seconds, not minutes, for a crash. `extraEnv` turns on
 * what a journey needs beside (the lottery vendor: lottery.spec.ts).
 */
export async function startHouseServer(
  extraEnv: Record<string, string> = {},
): Promise<HouseServer & { stop(): Promise<void> }> {
  const port = await freePort();
  const housePort = await freePort();
  // A copy of the run's migrated and seeded folder (support/global-setup.ts).
  const dataDir = createDataDir('parlay-e2e-house-');
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOUSE_PORT: String(housePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...JOURNEY_SERVER_ENV,
      HOUSE_CRASH_BETTING_MS: '4000',
      HOUSE_CRASH_PAUSE_MS: '1000',
      HOUSE_CRASH_CURVE_RATE: '0.0006',
      WEB_DIST_DIR: process.env['E2E_WEB_DIST_DIR'] ?? path.join(root, 'apps/web/dist'),
      ...extraEnv,
    },
  });
  const baseURL = `http://localhost:${port}`;
  const houseURL = `http://localhost:${housePort}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    // The platform is ready before its house vendor: the vendor writes its feed and listens after it.
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok && (await fetch(`${houseURL}/house/verify`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`house e2e server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('house e2e server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    houseURL,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One server a worker, shared by the journeys of that worker. */
export const test = base.extend<object, { house: HouseServer }>({
  house: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startHouseServer();
      try {
        await use({ baseURL: server.baseURL, houseURL: server.houseURL });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});
export { expect };

async function value<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { success: boolean; value: T; code?: string; message?: string };
  if (!body.success) throw new Error(`${response.url}: ${body.code} ${body.message}`);
  return body.value;
}

export function signInMember(house: HouseServer, member = DEMO_MEMBER): Promise<Session> {
  return signIn(house.baseURL, member);
}

/** The member's balance in minor units, as the platform's wallet call answers it. */
export async function readBalance(house: HouseServer, session: Session): Promise<number> {
  const balance = await value<{ sumBalance: number; currencyExponent: number }>(
    await fetch(`${house.baseURL}/wps/v2/wallets/balance`, { headers: { authorization: `Bearer ${session.token}` } }),
  );
  // The demo brand's currency (KRW) has no minor digits; the journeys' formatting below relies on it.
  expect(balance.currencyExponent).toBe(0);
  return balance.sumBalance;
}

export interface BettingRecord {
  roundId: string;
  vassalage: string;
  gameCode: string;
  gameName: string;
  stakeMinor: number;
  winMinor: number;
  profitMinor: number;
  status: string;
}

/** The member's last rounds from the platform's betting-records call, newest first. */
export async function readRecords(house: HouseServer, session: Session, pageSize = 10): Promise<BettingRecord[]> {
  const records = await value<{ list: BettingRecord[] }>(
    await fetch(`${house.baseURL}/wps/member/betting/records?pageSize=${pageSize}`, {
      headers: { authorization: `Bearer ${session.token}` },
    }),
  );
  return records.list;
}

/** The house game's catalogue id on the demo brand. */
export async function findHouseGame(house: HouseServer, code: string): Promise<{ id: number; gameName: string }> {
  const list = await value<{ games: { id: number; code: string; vassalage: string; gameName: string }[] }>(
    await fetch(`${house.baseURL}/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=100`),
  );
  const game = list.games.find((candidate) => candidate.vassalage === 'HOUSE' && candidate.code === code);
  if (!game) throw new Error(`house game ${code} is not in the demo catalogue`);
  return game;
}

/** What the demo brand's catalogue says of the house vendor: each game's icon and the vendor's logo. */
export async function findHouseCatalogue(
  house: HouseServer,
): Promise<{ games: { code: string; showIcon: string }[]; vendorIcons: string[] }> {
  const list = await value<{ games: { code: string; vassalage: string; showIcon: string }[] }>(
    await fetch(`${house.baseURL}/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=100`),
  );
  const vendors = await value<{ data: { lanes: { cards: { vassalage: string; smallIcon: string }[] }[] } }>(
    await fetch(`${house.baseURL}/wps/relay/GCSGAME_gameVendor`),
  );
  return {
    games: list.games.filter((game) => game.vassalage === 'HOUSE'),
    vendorIcons: vendors.data.lanes.flatMap((lane) =>
      lane.cards.filter((card) => card.vassalage === 'HOUSE').map((card) => card.smallIcon),
    ),
  };
}

/** The header's balance as the site shows it (grouped digits, no minor unit in KRW). */
export function headerAmount(amountMinor: number, language: 'en' | 'ko'): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(amountMinor);
}

/** An amount with its currency sign, as the wallet panel's betting records show it. */
export function recordAmount(amountMinor: number, language: 'en' | 'ko'): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'KRW' }).format(amountMinor);
}

export async function shot(page: Page, name: string, width: number): Promise<void> {
  await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`) });
}
