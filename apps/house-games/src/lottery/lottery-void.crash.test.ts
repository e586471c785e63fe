import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHouseApp, type HouseApp } from '../app';
import { defaultHouseConfig } from '../config';
import { openHouseDatabase, query, sql, type HouseDatabase } from '../db/database';
import { migrateHouse } from '../db/migrate';
import { createFundedMember, getPlatformBalance, startPlatform, VENDOR_SECRET, type Platform } from '../test/platform';
import { LOTTERY_VENDOR_CODE } from './lottery-catalogue';
import { LOTTERY_SECRET, ManualClock, openLotterySession, registerLottery } from './lottery.test-support';
import { voidLotteryDraw } from './lottery-void';

// The void's refunds survive a SIGKILL: a vendor process killed while it rolls back a void draw's slips, another
// instance finishing them; each stake comes back once. The same child as lottery.crash.test.ts's.

const houseDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MEMBERS = 4;
const SLIPS_EACH = 60;
const SLIPS = MEMBERS * SLIPS_EACH;
/** The child refunds 20 slips a batch, two at once: killed in its third batch or later. */
const KILL_AFTER_REFUNDS = 50;
const STAKE = 1_000;
const poll = () => new Promise((resolve) => setTimeout(resolve, 20));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

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

/** The slips' rounds the platform has cancelled (their debits rolled back). */
async function cancelledRounds(platform: Platform): Promise<number> {
  const [row] = await query<{ count: unknown }>(
    platform.test.database.handle.db,
    sql`SELECT count(*) AS count FROM game_rounds WHERE round_id LIKE 'ls-%' AND status = 'cancelled'`,
  );
  return Number(row!.count);
}

describe(voidLotteryDraw.name, () => {
  it('refunds each slip of a void draw once when the vendor is killed with SIGKILL mid-refund and another takes over', async () => {
    const platform = await startPlatform();
    cleanups.push(() => platform.close());
    await registerLottery(platform);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-lottery-void-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    // Slips on the north's Vietnamese draw of a Monday in the past (on the real clock the child runs on).
    const clock = new ManualClock(Date.parse('2026-11-30T08:00:00Z') - 7 * 24 * 60 * 60 * 1000);
    let database = await openHouseDatabase({ kind: 'pglite', dataDir });
    await migrateHouse(database);
    let house = await lotteryHouse(platform, database, clock);
    await house.lottery!.draws.tick();
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => createFundedMember(platform, 1_000_000)));
    const auths = await Promise.all(members.map((member) => openLotterySession(platform, house, member, 'VN_MB')));
    const drawNo = '20261123-0001';
    for (const [memberIndex, auth] of auths.entries()) {
      for (let start = 0; start < SLIPS_EACH; start += 10) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, offset) =>
            house.app.inject({
              method: 'POST',
              url: '/house/lottery/api/slips',
              headers: { authorization: auth },
              payload: {
                gameCode: 'VN_MB',
                drawNo,
                bets: [
                  {
                    betType: 'lo2_mb',
                    selection: [String((memberIndex * SLIPS_EACH + start + offset) % 100).padStart(2, '0')],
                    stakeMinor: STAKE,
                  },
                ],
              },
            }),
          ),
        );
        for (const answer of answers) expect(answer.json<{ success: boolean }>().success).toBe(true);
      }
    }
    const voided = await voidLotteryDraw(database.db, {
      gameCode: 'VN_MB',
      drawNo,
      operatorId: 'op-a',
      reason: 'no broadcast',
      now: clock.time,
    });
    expect(voided).toMatchObject({ voided: true, refunds: SLIPS });
    const staked = await Promise.all(members.map((member) => getPlatformBalance(platform, member.id)));
    expect(staked).toEqual(members.map(() => 1_000_000 - SLIPS_EACH * STAKE));
    await house.app.close();
    await database.close();

    // A vendor process rolls the slips back; killed once some of the refunds are in.
    const vendor = startVendor(dataDir, platform.url);
    cleanups.push(() => {
      vendor.kill('SIGKILL');
    });
    let refunded = 0;
    for (let attempt = 0; attempt < 6_000 && refunded < KILL_AFTER_REFUNDS; attempt += 1) {
      refunded = await cancelledRounds(platform);
      if (refunded < KILL_AFTER_REFUNDS) await poll();
    }
    vendor.kill('SIGKILL');
    await new Promise((resolve) => vendor.once('exit', resolve));
    refunded = await cancelledRounds(platform);
    expect(refunded).toBeGreaterThanOrEqual(KILL_AFTER_REFUNDS);
    expect(refunded).toBeLessThan(SLIPS);

    // Another instance takes the lease once it has expired and finishes the refunds.
    database = await openHouseDatabase({ kind: 'pglite', dataDir });
    clock.time = Date.now();
    house = await lotteryHouse(platform, database, clock);
    const left = async () => {
      const [row] = await query<{ count: unknown }>(
        database.db,
        sql`SELECT count(*) AS count FROM house.lottery_slips WHERE status <> 'refunded'`,
      );
      return Number(row!.count);
    };
    for (let attempt = 0; attempt < 500 && (await left()) > 0; attempt += 1) {
      await house.lottery!.draws.tick();
      await poll();
    }
    expect(await left()).toBe(0);
    await house.app.close();
    await database.close();

    // Each stake back once: every round cancelled, one rollback movement a slip, the balances whole again.
    expect(await cancelledRounds(platform)).toBe(SLIPS);
    const [rollbacks] = await query<{ count: unknown; total: unknown }>(
      platform.test.database.handle.db,
      sql`SELECT count(*) AS count, coalesce(sum(amount_minor), 0) AS total FROM wallet_movements
          WHERE kind = 'vendor_rollback' AND member_id IS NOT NULL`,
    );
    expect({ count: Number(rollbacks!.count), total: Math.abs(Number(rollbacks!.total)) }).toEqual({
      count: SLIPS,
      total: SLIPS * STAKE,
    });
    const balances = await Promise.all(members.map((member) => getPlatformBalance(platform, member.id)));
    expect(balances).toEqual(members.map(() => 1_000_000));
  });
});
