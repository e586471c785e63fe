import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Executor } from '../../db/client';

/** Test fixtures of cashback: rates on the brand's VIP levels, settled rounds, draining the feed, the money check. */

export interface TestGame {
  vendorId: number;
  gameId: number;
  code: string;
  gameType: string;
}

/** The test vendor's G1 (RNG) and G2 (LIVE) (installTestVendor of the seamless wallet's fixtures first). */
export async function rebateGames(app: App): Promise<{ rng: TestGame; live: TestGame }> {
  const rows = await query<Record<string, unknown>>(
    app.db,
    sql`SELECT g.id, g.vendor_id, g.code, g.game_type FROM games g JOIN game_vendors v ON v.id = g.vendor_id
        WHERE v.code = 'TESTV' AND g.code IN ('G1', 'G2') ORDER BY g.code`,
  );
  const [rng, live] = rows.map((row) => ({
    vendorId: toNumber(row['vendor_id']),
    gameId: toNumber(row['id']),
    code: String(row['code']),
    gameType: String(row['game_type']),
  })) as [TestGame, TestGame];
  return { rng, live };
}

/** The test rates (bp): level 0 LIVE 100 (1 %), RNG 50; level 1 LIVE 200, RNG 150. */
export const TEST_RATES: Record<number, Record<string, number>> = {
  0: { LIVE: 100, RNG: 50 },
  1: { LIVE: 200, RNG: 150 },
};

/** Writes the rates on the brand's VIP levels 0 and 1 (made when missing), as the VIP page saves them. */
export async function setTestRates(db: Executor, merchantId: number, rates = TEST_RATES): Promise<void> {
  for (const [rankLevel, rebateBp] of Object.entries(rates)) {
    await query(
      db,
      sql`INSERT INTO vip_levels (merchant_id, rank_level, name, reach_valid_bet_minor, keep_valid_bet_minor, rebate_bp)
          VALUES (${merchantId}, ${Number(rankLevel)}, ${`Rebate ${rankLevel}`}, ${Number(rankLevel) * 1e12},
                  ${Number(rankLevel) * 1e12}, ${JSON.stringify(rebateBp)}::jsonb)
          ON CONFLICT (merchant_id, rank_level) DO UPDATE SET rebate_bp = EXCLUDED.rebate_bp`,
    );
  }
}

/** The rebate of one round at a level's test rate. */
export function rebateOf(rankLevel: number, gameType: string, validBetMinor: number): number {
  return Math.floor((validBetMinor * (TEST_RATES[rankLevel]?.[gameType] ?? 0)) / 10_000);
}

let serial = 0;

/** A settled round (through the feed's trigger) of a valid bet on a game, settled at `at` (now by default). */
export async function settleRound(
  db: Executor,
  round: { merchantId: number; memberId: number; game: TestGame; validBetMinor: number; at?: Date },
): Promise<void> {
  serial += 1;
  const at = (round.at ?? new Date()).toISOString();
  await query(
    db,
    sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                 win_minor, valid_bet_minor, status, started_at, settled_at)
        VALUES (${round.game.vendorId}, ${`rb-${process.pid}-${Date.now()}-${serial}`}, ${round.merchantId},
                ${round.memberId}, ${round.game.gameId}, ${round.game.code}, 'KRW', ${round.validBetMinor}, 0,
                ${round.validBetMinor}, 'settled', ${at}::timestamptz, ${at}::timestamptz)`,
  );
}

/** Applies the feed until nothing is left after cashback's checkpoint. */
export async function drainRebates(app: App): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await app.rebates.consumeFeed();
    if ((await app.settlementFeed.describe(app.rebates.feedConsumer.name)).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the feed did not drain: a transaction stays open');
}

/** Stops the background jobs that would apply the feed or pay during a test. */
export async function stopRebateJobs(app: App): Promise<void> {
  await app.housekeeping.settlementFeed?.stop();
  await app.housekeeping.rebateAutoPay?.stop();
}

/**
 * Cashback's money, as a reader checks it: each payout has exactly one wallet movement of kind rebate with its key
 * and amount, and no rebate movement lacks its payout. The keys that break it.
 */
export async function payoutBreaks(db: Executor): Promise<string[]> {
  const rows = await query<{ key: string; problem: string }>(
    db,
    sql`SELECT p.idempotency_key AS key, 'no movement or another amount' AS problem
        FROM rebate_payouts p
        LEFT JOIN wallet_movements w ON w.idempotency_key = p.idempotency_key AND w.kind = 'rebate'
        WHERE w.id IS NULL OR w.amount_minor <> p.amount_minor
        UNION ALL
        SELECT w.idempotency_key, 'movement without payout'
        FROM wallet_movements w
        LEFT JOIN rebate_payouts p ON p.idempotency_key = w.idempotency_key
        WHERE w.kind = 'rebate' AND p.id IS NULL`,
  );
  return rows.map((row) => `${row.key}: ${row.problem}`);
}

/** The sum of a member's rebate movements. */
export async function rebatesPaidTo(db: Executor, memberId: number): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM wallet_movements WHERE member_id = ${memberId}
          AND kind = 'rebate'`,
  );
  return toNumber(rows[0]?.total);
}
