import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Executor } from '../../db/client';

/** Test fixtures of the points: the test vendor's games by type, settled rounds, draining the feed, the ledger check. */

export interface TestGame {
  vendorId: number;
  gameId: number;
  code: string;
  gameType: string;
}

/** The test vendor's G1 (RNG) and G2 (LIVE) (installTestVendor of the seamless wallet's fixtures first). */
export async function pointGames(app: App): Promise<{ rng: TestGame; live: TestGame }> {
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

let serial = 0;

/** A settled round (through the feed's trigger) of a valid bet on a game. */
export async function settleRound(
  db: Executor,
  round: { merchantId: number; memberId: number; game: TestGame; validBetMinor: number; at?: Date },
): Promise<void> {
  serial += 1;
  const at = (round.at ?? new Date()).toISOString();
  // Written settled at once, as the seed writes the past: the feed's trigger adds its row.
  await query(
    db,
    sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                 win_minor, valid_bet_minor, status, started_at, settled_at)
        VALUES (${round.game.vendorId}, ${`pt-${process.pid}-${Date.now()}-${serial}`}, ${round.merchantId},
                ${round.memberId}, ${round.game.gameId}, ${round.game.code}, 'KRW', ${round.validBetMinor}, 0,
                ${round.validBetMinor}, 'settled', ${at}::timestamptz, ${at}::timestamptz)`,
  );
}

/**
 * Applies the feed until no row is left after the points' checkpoint (a row is ready once every older transaction
 * of the cluster has ended, decision 0034).
 */
export async function drainPoints(app: App): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await app.points.consumeFeed();
    if ((await app.settlementFeed.describe(app.points.feedConsumer.name)).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the feed did not drain: a transaction stays open');
}

/**
 * The ledger's rules, as a reader checks them: each account's balance is the sum of its entries, never below 0,
 * and each entry's balance after is the running sum of the member's entries. The members that break one.
 */
export async function ledgerBreaks(db: Executor): Promise<string[]> {
  const rows = await query<{ member_id: unknown; problem: string }>(
    db,
    sql`SELECT a.member_id, 'balance is not the sum' AS problem
        FROM point_accounts a LEFT JOIN point_entries e ON e.member_id = a.member_id
        GROUP BY a.member_id, a.balance_points_minor
        HAVING a.balance_points_minor <> coalesce(sum(e.points_minor), 0)
        UNION ALL
        SELECT member_id, 'running balance' FROM (
          SELECT member_id, balance_after_points_minor,
                 sum(points_minor) OVER (PARTITION BY member_id ORDER BY id) AS running
          FROM point_entries) r
        WHERE r.balance_after_points_minor <> r.running OR r.running < 0`,
  );
  return rows.map((row) => `${toNumber(row.member_id)}: ${row.problem}`);
}
