// The lottery tests' stand-ins: the lottery vendor registered with the real test platform (its own code and wallet
// secret), a launch of it as a member would make, a house app with the lottery on a clock the test moves.
import { VENDOR_WALLET_PATHS } from '@parlay/contract';
import type { HouseApp } from '../app';
import type { CrashClock } from '../crash/crash-shared';
import { query, sql } from '../db/database';
import { startHouse, type FundedMember, type Platform } from '../test/platform';
import { LOTTERY_VENDOR_CODE, lotteryCatalogueFeed } from './lottery-catalogue';
import { LOTTERY_GAME_CODES } from './lottery-games';
import type { LotteryConfig } from '../config';

export const LOTTERY_SECRET = 'lottery-test-secret-0123456789abcdef';
/** The settlement credits slips in batched credit calls (docs/decisions/0071-batched-vendor-credits.md). */
export const CREDIT_PATH = VENDOR_WALLET_PATHS.creditBatch;

/**
 * The draw loop's clock in these tests: it moves only when the test says (`set`, `advance`), and its timers never
 * fire by themselves; the test runs the loop's passes (`draws.tick()`), so nothing sleeps.
 */
export class ManualClock implements CrashClock {
  constructor(public time: number) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
  setTimeout(): unknown {
    return null;
  }
  clearTimeout(): void {}
  setInterval(): unknown {
    return null;
  }
  clearInterval(): void {}
}

/** Writes the lottery vendor's feed to the platform, as an operator's import would. */
export async function registerLottery(platform: Platform): Promise<void> {
  // Every game, the Vietnamese draws included (not listed to players yet, lottery-catalogue.ts): the tests launch them.
  const feed = lotteryCatalogueFeed({ publicUrl: 'http://localhost', basePath: '/house' }, LOTTERY_VENDOR_CODE, [
    ...LOTTERY_GAME_CODES,
  ]);
  await platform.test.app.gaming.catalogueSync.writeFeed(feed, { walletSecret: LOTTERY_SECRET });
}

/** A house app with the lottery on `clock`, reaching the platform at `walletUrl`. */
export async function startLotteryHouse(
  platform: Platform,
  clock: ManualClock,
  options: { walletUrl?: string; lottery?: Partial<LotteryConfig> } = {},
): Promise<HouseApp> {
  return startHouse(options.walletUrl ?? platform.url, platform, {
    lottery: {
      vendorCode: LOTTERY_VENDOR_CODE,
      vendorSecret: LOTTERY_SECRET,
      clock,
      drawsAhead: 2,
      ...options.lottery,
    },
  });
}

/** Launches a lottery game on the platform as the member would, and opens the lottery frame's session. */
export async function openLotterySession(
  platform: Platform,
  house: HouseApp,
  member: FundedMember,
  gameCode: string,
): Promise<string> {
  const launched = await platform.test.app.inject({
    method: 'GET',
    url: `/wps/game/launchGame?vassalage=${LOTTERY_VENDOR_CODE}&gameCode=${gameCode}&playMode=real`,
    headers: { authorization: member.authorization },
  });
  const body = launched.json<{ success: boolean; value: { game_url: string } }>();
  if (!body.success) throw new Error(`launch failed: ${launched.body}`);
  const launch = Object.fromEntries(new URL(body.value.game_url, 'http://localhost').searchParams);
  const opened = await house.app.inject({ method: 'POST', url: '/house/lottery/api/sessions', payload: launch });
  const session = opened.json<{ success: boolean; value: { token: string } }>();
  if (!session.success) throw new Error(`session failed: ${opened.body}`);
  return `Bearer ${session.value.token}`;
}

/** The platform's betting record of a slip (its round): stake, win and status. */
export async function platformRound(
  platform: Platform,
  roundId: string,
): Promise<{ stake: number; win: number; status: string } | undefined> {
  const [row] = await query<{ stake_minor: unknown; win_minor: unknown; status: string }>(
    platform.test.database.handle.db,
    sql`SELECT stake_minor, win_minor, status FROM game_rounds WHERE round_id = ${roundId}`,
  );
  return row ? { stake: Number(row.stake_minor), win: Number(row.win_minor), status: row.status } : undefined;
}
