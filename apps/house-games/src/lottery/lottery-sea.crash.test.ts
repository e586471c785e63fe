import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seaRules, type LotteryBet } from '@parlay/fairness';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHouseApp, type HouseApp } from '../app';
import { defaultHouseConfig } from '../config';
import { openHouseDatabase, query, sql, type HouseDatabase } from '../db/database';
import { migrateHouse } from '../db/migrate';
import { createFundedMember, getPlatformBalance, startPlatform, VENDOR_SECRET, type Platform } from '../test/platform';
import { LOTTERY_VENDOR_CODE } from './lottery-catalogue';
import { LOTTERY_GAMES, seaDrawSlot, vnDrawDate } from './lottery-games';
import { confirmSeaResult, enterSeaResult, sandboxSeaResult } from './lottery-sea';
import { LOTTERY_SECRET, ManualClock, openLotterySession, registerLottery } from './lottery.test-support';
import * as repository from './lottery.repository';
import { LotteryService } from './lottery.service';

const houseDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MEMBERS = 4;
const SLIPS_EACH = 40;
const SLIPS = MEMBERS * SLIPS_EACH;
/** The vendor settles 20 slips a batch (lottery.crash-child.ts): killed in its third batch or later. */
const KILL_AFTER_CREDITS = 45;
const DAY_MS = 24 * 60 * 60_000;
/** The pause between two polls of the killed process's work. */
const poll = () => new Promise((resolve) => setTimeout(resolve, 20));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

/** A house app with the lottery over `database`, on `clock`, paying through the platform. */
async function lotteryHouse(platform: Platform, database: HouseDatabase, clock: ManualClock): Promise<HouseApp> {
  const house = await buildHouseApp(
    defaultHouseConfig({
      database,
      walletBaseUrl: platform.url,
      vendorSecret: VENDOR_SECRET,
      walletRetryDelaysMs: [20, 50],
      walletMaxAttempts: 3,
      logLevel: 'silent',
      lottery: { vendorCode: LOTTERY_VENDOR_CODE, vendorSecret: LOTTERY_SECRET, clock, leaseMs: 1_000 },
    }),
  );
  await house.app.ready();
  return house;
}

function startVendor(dataDir: string, walletUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/lottery/lottery.crash-child.ts'], {
    cwd: houseDir,
    env: {
      ...process.env,
      LOTTERY_CRASH_DATA_DIR: dataDir,
      LOTTERY_CRASH_WALLET_URL: walletUrl,
      LOTTERY_CRASH_VENDOR_CODE: LOTTERY_VENDOR_CODE,
      LOTTERY_CRASH_VENDOR_SECRET: LOTTERY_SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The slips' rounds the platform has settled (credited). */
async function creditedRounds(platform: Platform): Promise<number> {
  const [row] = await query<{ count: unknown }>(
    platform.test.database.handle.db,
    sql`SELECT count(*) AS count FROM game_rounds WHERE round_id LIKE 'ls-%' AND status = 'settled'`,
  );
  return Number(row!.count);
}

// The SEA 4D draws' SIGKILL test, as lottery.crash.test.ts's for the fast draws: a SEA draw's result is entered and
// confirmed by two operators (lottery-sea.ts), then a vendor process settling its slips is killed and another finishes.
describe(LotteryService.name, () => {
  it('credits each SEA slip once when the vendor is killed with SIGKILL mid-settlement and another takes over', async () => {
    const platform = await startPlatform();
    cleanups.push(() => platform.close());
    await registerLottery(platform);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-lottery-sea-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    // Magnum's last draw before now on the real clock: its slips placed (on this clock) before it closed.
    const game = LOTTERY_GAMES.MAGNUM4D;
    const slots = [0, 1, 2, 3].map((offset) => seaDrawSlot(game, Date.now() - 8 * DAY_MS, offset));
    const slot = slots.filter((one) => one.drawsAt < Date.now() - 60_000).at(-1)!;
    const clock = new ManualClock(slot.closesAt - 60_000);
    let database = await openHouseDatabase({ kind: 'pglite', dataDir });
    await migrateHouse(database);
    let house = await lotteryHouse(platform, database, clock);
    await house.lottery!.draws.tick();
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => createFundedMember(platform, 1_000_000)));
    const auths = await Promise.all(members.map((member) => openLotterySession(platform, house, member, 'MAGNUM4D')));
    const { drawNo } = slot;
    const result = sandboxSeaResult({ operator: 'MAGNUM', date: vnDrawDate(drawNo) });
    const drawn = Object.values(result.prizes).flat();
    // Numbers of the draw and others: big, small and 3ABC on each, so that some slips win and others lose.
    const bets = (index: number): LotteryBet[] => {
      const number = index % 3 === 0 ? drawn[index % drawn.length]! : String((index * 7_919) % 10_000).padStart(4, '0');
      return [
        { betType: 'big', selection: [number], stakeMinor: 1_000 },
        { betType: 'small', selection: [number], stakeMinor: 300 },
        { betType: '3abc', selection: [number.slice(-3)], stakeMinor: 200 },
      ];
    };
    for (const [memberIndex, auth] of auths.entries()) {
      for (let start = 0; start < SLIPS_EACH; start += 10) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, offset) =>
            house.app.inject({
              method: 'POST',
              url: '/house/lottery/api/slips',
              headers: { authorization: auth },
              payload: { gameCode: 'MAGNUM4D', drawNo, bets: bets(memberIndex * SLIPS_EACH + start + offset) },
            }),
          ),
        );
        for (const answer of answers) expect(answer.json<{ success: boolean }>().success).toBe(true);
      }
    }
    const staked = await Promise.all(members.map((member) => getPlatformBalance(platform, member.id)));
    expect(staked).toEqual(members.map(() => 1_000_000 - SLIPS_EACH * 1_500));
    // Past the draw: one operator enters the result, another confirms it; published, it waits for the loop.
    clock.time = slot.drawsAt + 60_000;
    const ref = { gameCode: 'MAGNUM4D', drawNo, now: clock.time };
    await enterSeaResult(database.db, { ...ref, result, operatorId: 'op-a' });
    await confirmSeaResult(database.db, { ...ref, operatorId: 'op-b' });
    await house.app.close();
    await database.close();

    // A vendor process on the real clock settles the draw; killed once some of the credits are in.
    const vendor = startVendor(dataDir, platform.url);
    cleanups.push(() => {
      vendor.kill('SIGKILL');
    });
    let credited = 0;
    for (let attempt = 0; attempt < 6_000 && credited < KILL_AFTER_CREDITS; attempt += 1) {
      credited = await creditedRounds(platform);
      if (credited < KILL_AFTER_CREDITS) await poll();
    }
    vendor.kill('SIGKILL');
    await new Promise((resolve) => vendor.once('exit', resolve));
    credited = await creditedRounds(platform);
    expect(credited).toBeGreaterThanOrEqual(KILL_AFTER_CREDITS);
    expect(credited).toBeLessThan(SLIPS);

    database = await openHouseDatabase({ kind: 'pglite', dataDir });
    const draw = (await repository.findDraw(database.db, 'MAGNUM4D', drawNo))!;
    expect(draw.status).toBe('drawn');
    const statuses = await query<{ status: string; count: unknown }>(
      database.db,
      sql`SELECT status, count(*) AS count FROM house.lottery_slips WHERE draw_id = ${draw.id} GROUP BY status`,
    );
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, Number(row.count)]));
    expect((byStatus.settled ?? 0) + (byStatus.payout_due ?? 0) + (byStatus.placed ?? 0)).toBe(SLIPS);
    expect(byStatus.payout_due).toBeGreaterThan(0);

    // Another instance over the same database takes the lease once it has expired, and finishes the draw.
    clock.time = Date.now();
    house = await lotteryHouse(platform, database, clock);
    for (let attempt = 0; attempt < 500; attempt += 1) {
      await house.lottery!.draws.tick();
      if ((await repository.findDraw(database.db, 'MAGNUM4D', drawNo))!.status === 'settled') break;
      await poll();
    }
    expect((await repository.findDraw(database.db, 'MAGNUM4D', drawNo))!.status).toBe('settled');
    await house.app.close();

    // Each slip credited once, with exactly seaRules' payout on the published result.
    const odds = seaRules.defaultOdds('Lott');
    const slips = await query<{ slip_id: string; payout_minor: unknown; status: string }>(
      database.db,
      sql`SELECT slip_id, payout_minor, status FROM house.lottery_slips WHERE draw_id = ${draw.id}`,
    );
    const rounds = await query<{ round_id: string; win_minor: unknown }>(
      platform.test.database.handle.db,
      sql`SELECT round_id, win_minor FROM game_rounds WHERE round_id LIKE 'ls-%'`,
    );
    const [credits] = await query<{ count: unknown; distinct: unknown }>(
      platform.test.database.handle.db,
      sql`SELECT count(*) AS count, count(DISTINCT transaction_id) AS distinct FROM vendor_transactions
          WHERE kind = 'credit' AND transaction_id LIKE 'lottery-slip:%'`,
    );
    expect({ count: Number(credits!.count), distinct: Number(credits!.distinct) }).toEqual({
      count: SLIPS,
      distinct: SLIPS,
    });
    const wins = new Map(rounds.map((round) => [round.round_id, Number(round.win_minor)]));
    let paid = 0;
    for (const slip of slips) {
      expect(slip.status).toBe('settled');
      expect(wins.get(slip.slip_id)).toBe(Number(slip.payout_minor));
      paid += Number(slip.payout_minor);
    }
    const expectedTotal = Array.from({ length: SLIPS }, (_, index) =>
      bets(index).reduce((sum, bet) => sum + seaRules.settle(bet, result, odds), 0),
    ).reduce((sum, amount) => sum + amount, 0);
    expect(expectedTotal).toBeGreaterThan(0);
    expect(paid).toBe(expectedTotal);
    const balances = await Promise.all(members.map((member) => getPlatformBalance(platform, member.id)));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(
      MEMBERS * 1_000_000 - SLIPS * 1_500 + expectedTotal,
    );
    await database.close();
  });
});
