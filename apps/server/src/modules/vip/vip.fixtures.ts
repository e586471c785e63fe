import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Executor } from '../../db/client';
import * as repository from './vip.repository';
import { VipService } from './vip.service';

/** Test levels (KRW, exponent 0): reach and keep by valid bet and deposit, and the bonuses. */
export const TEST_LEVELS: repository.LevelInput[] = [
  level(0, 'Base', [0, 0], [0, 0], [0, 0, 0]),
  level(1, 'Silver', [1_000, 100], [500, 0], [50, 20, 10], {
    dailyCount: 2,
    dailyMaxMinor: 30_000,
    singleMaxMinor: 20_000,
  }),
  level(2, 'Gold', [5_000, 500], [2_500, 200], [200, 40, 30]),
  level(3, 'Platinum', [20_000, 2_000], [10_000, 1_000], [0, 60, 0]),
];

export function level(
  rankLevel: number,
  name: string,
  reach: [number, number],
  keep: [number, number],
  bonus: [number, number, number],
  withdrawal: { dailyCount: number | null; dailyMaxMinor: number | null; singleMaxMinor: number | null } = {
    dailyCount: null,
    dailyMaxMinor: null,
    singleMaxMinor: null,
  },
): repository.LevelInput {
  return {
    rankLevel,
    name,
    reachValidBetMinor: reach[0],
    reachDepositMinor: reach[1],
    keepValidBetMinor: keep[0],
    keepDepositMinor: keep[1],
    rebateBp: { LIVE: 10 * rankLevel },
    withdrawalDailyCount: withdrawal.dailyCount,
    withdrawalDailyMaxMinor: withdrawal.dailyMaxMinor,
    withdrawalSingleMaxMinor: withdrawal.singleMaxMinor,
    upgradeBonusMinor: bonus[0],
    birthdayBonusMinor: bonus[1],
    monthlyBonusMinor: bonus[2],
  };
}

export interface VipWorld {
  merchantId: number;
  timeZone: string;
  vendorId: number;
  gameId: number;
  /** The test's clock: move `now.at` to move time. */
  now: { at: Date };
  vip: VipService;
}

/**
 * The demo brand with the test levels (its test vendor TESTV installed first: installTestVendor), the background VIP jobs stopped (the test applies the feed itself) and a
 * VipService on the test's clock.
 */
export async function prepareVipWorld(
  app: App,
  levels: repository.LevelInput[] = TEST_LEVELS,
  settings = { periodDays: 30, downgradeGraceDays: 10 },
): Promise<VipWorld> {
  await app.housekeeping.settlementFeed?.stop();
  await app.housekeeping.vipPeriodic?.stop();
  const brand = (await app.merchants.findByCode('parlay'))!;
  const [game] = await query(
    app.db,
    sql`SELECT g.id, g.vendor_id FROM games g JOIN game_vendors v ON v.id = g.vendor_id
        WHERE v.code = 'TESTV' AND g.code = 'G1'`,
  );
  await app.db.transaction(async (tx) => {
    for (const input of levels) await repository.insertLevel(tx, brand.id, input);
    await repository.saveSettings(tx, brand.id, settings, (await repository.findSettings(tx, brand.id)).version);
  });
  const now = { at: new Date('2026-11-10T03:00:00Z') };
  return {
    merchantId: brand.id,
    timeZone: brand.brand.timeZone,
    vendorId: toNumber(game!['vendor_id']),
    gameId: toNumber(game!['id']),
    now,
    vip: new VipService(app.db, app.gaming.wallet, app.settlementFeed, () => now.at),
  };
}

let roundSeq = 0;

/** A settled round of `validBetMinor` (the stake) for the member, into the feed through the trigger. */
export async function settleRound(
  db: Executor,
  world: VipWorld,
  memberId: number,
  validBetMinor: number,
  at: Date = world.now.at,
): Promise<void> {
  roundSeq += 1;
  await query(
    db,
    sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                 win_minor, valid_bet_minor, status, started_at, settled_at)
        VALUES (${world.vendorId}, ${`vip-${process.pid}-${Date.now()}-${roundSeq}`}, ${world.merchantId}, ${memberId},
                ${world.gameId}, 'G1', 'KRW', ${validBetMinor}, 0, ${validBetMinor}, 'settled',
                ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`,
  );
}

/**
 * A credited deposit's feed event, as the cashier writes it in the deposit's transaction, dated by the test's
 * clock (the cashier's is the database's now()).
 */
export async function depositEvent(
  db: Executor,
  world: VipWorld,
  memberId: number,
  amountMinor: number,
  at: Date = world.now.at,
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, amount_minor, at)
        VALUES ('deposit', ${world.merchantId}, ${memberId}, 'KRW', ${amountMinor}, ${at.toISOString()}::timestamptz)`,
  );
}

/** Applies the feed until nothing is left after the `vip` checkpoint. */
export async function consumeVip(app: App, vip: VipService): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await vip.consumeFeed();
    if ((await app.settlementFeed.describe(vip.feedConsumer.name)).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the vip consumer did not catch up');
}

export async function rankOf(db: Executor, memberId: number): Promise<number> {
  const [row] = await query(db, sql`SELECT rank_level FROM members WHERE id = ${memberId}`);
  return toNumber(row!['rank_level']);
}

/** The member's vip_bonus movements: key and amount, oldest first. */
export async function bonusMovementsOf(
  db: Executor,
  memberId: number,
): Promise<{ key: string; amountMinor: number }[]> {
  const rows = await query(
    db,
    sql`SELECT idempotency_key, amount_minor FROM wallet_movements
        WHERE member_id = ${memberId} AND kind = 'vip_bonus' ORDER BY id`,
  );
  return rows.map((row) => ({ key: String(row['idempotency_key']), amountMinor: toNumber(row['amount_minor']) }));
}

export async function changesOf(
  db: Executor,
  memberId: number,
): Promise<{ kind: string; fromLevel: number; toLevel: number; bonusMinor: number }[]> {
  const rows = await query(
    db,
    sql`SELECT kind, from_level, to_level, bonus_minor FROM vip_level_changes WHERE member_id = ${memberId} ORDER BY id`,
  );
  return rows.map((row) => ({
    kind: String(row['kind']),
    fromLevel: toNumber(row['from_level']),
    toLevel: toNumber(row['to_level']),
    bonusMinor: toNumber(row['bonus_minor']),
  }));
}
