import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Executor } from '../../db/client';
import type { LeaderboardFields } from './leaderboards.repository';

/** Test fixtures of leaderboards: boards, settled rounds at a moment, draining the feed, the money checks. */

export interface TestGame {
  vendorId: number;
  gameId: number;
  code: string;
  gameType: string;
}

/** The test vendor's G1 (RNG) and G2 (LIVE) (installTestVendor of the seamless wallet's fixtures first). */
export async function boardGames(app: App): Promise<{ rng: TestGame; live: TestGame }> {
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

/** Writes a board straight into the table (the back office's checks are its routes' tests); its id. */
export async function insertTestBoard(
  db: Executor,
  merchantId: number,
  board: Partial<LeaderboardFields> & { measure: 'valid_bet' | 'multiplier'; code?: string },
): Promise<number> {
  serial += 1;
  const prizes = board.prizesMinor ?? [300, 200, 100];
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO leaderboards (merchant_id, code, title_ko, title_en, measure, game_type, min_bet_minor, period,
                                  prizes_minor, starts_at, ends_at, active)
        VALUES (${merchantId}, ${board.code ?? `L${process.pid}X${serial}`}, '테스트 리더보드', 'Test board',
                ${board.measure}, ${board.gameType ?? null}, ${board.minBetMinor ?? 0}, ${board.period ?? 'daily'},
                ${`{${prizes.join(',')}}`}::bigint[], ${board.startsAt ?? null}::timestamptz,
                ${board.endsAt ?? null}::timestamptz, ${board.active ?? true})
        RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}

/** A settled round (through the feed's trigger): a stake, a valid bet (the stake by default) and a win, at `at`. */
export async function settleRound(
  db: Executor,
  round: {
    merchantId: number;
    memberId: number;
    game: TestGame;
    stakeMinor: number;
    winMinor?: number;
    validBetMinor?: number;
    at?: Date;
  },
): Promise<void> {
  serial += 1;
  const at = (round.at ?? new Date()).toISOString();
  await query(
    db,
    sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                 win_minor, valid_bet_minor, status, started_at, settled_at)
        VALUES (${round.game.vendorId}, ${`lb-${process.pid}-${Date.now()}-${serial}`}, ${round.merchantId},
                ${round.memberId}, ${round.game.gameId}, ${round.game.code}, 'KRW', ${round.stakeMinor},
                ${round.winMinor ?? 0}, ${round.validBetMinor ?? round.stakeMinor}, 'settled', ${at}::timestamptz,
                ${at}::timestamptz)`,
  );
}

/** Applies the feed until nothing is left after leaderboards' checkpoint. */
export async function drainBoards(app: App): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await app.leaderboards.consumeFeed();
    if ((await app.settlementFeed.describe(app.leaderboards.feedConsumer.name)).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the feed did not drain: a transaction stays open');
}

/** Stops the background jobs that would apply the feed or pay during a test. */
export async function stopBoardJobs(app: App): Promise<void> {
  await app.housekeeping.settlementFeed?.stop();
  await app.housekeeping.leaderboardPayout?.stop();
}

/**
 * Leaderboards' money, as a reader checks it: each paid payout row has exactly one wallet movement of kind
 * leaderboard with its key, member and prize, and a refused one none; no leaderboard movement lacks its paid row; each
 * paid period's total is its paid rows', its count of ranks all its rows. The keys that break it.
 */
export async function prizeBreaks(db: Executor): Promise<string[]> {
  const rows = await query<{ key: string; problem: string }>(
    db,
    sql`WITH paid AS (
          SELECT 'leaderboard:' || leaderboard_id || ':' || period_start::text || ':' || rank AS key, member_id,
                 prize_minor, movement_id
          FROM leaderboard_payouts WHERE refused IS NULL
        )
        SELECT p.key, 'no movement, another member or another amount' AS problem
        FROM paid p
        LEFT JOIN wallet_movements w ON w.idempotency_key = p.key AND w.kind = 'leaderboard' AND w.id = p.movement_id
          AND w.member_id = p.member_id
        WHERE w.id IS NULL OR w.amount_minor <> p.prize_minor
        UNION ALL
        SELECT w.idempotency_key, 'movement without a payout row'
        FROM wallet_movements w
        LEFT JOIN paid p ON p.key = w.idempotency_key
        WHERE w.kind = 'leaderboard' AND p.key IS NULL
        UNION ALL
        SELECT leaderboard_id || ':' || period_start || ':' || rank, 'refused with a movement'
        FROM leaderboard_payouts WHERE refused IS NOT NULL AND movement_id IS NOT NULL
        UNION ALL
        SELECT pe.leaderboard_id || ':' || pe.period_start, 'period total ' || pe.paid_minor || ' vs its rows'
        FROM leaderboard_periods pe
        LEFT JOIN leaderboard_payouts po ON po.leaderboard_id = pe.leaderboard_id AND po.period_start = pe.period_start
        GROUP BY pe.leaderboard_id, pe.period_start, pe.paid_minor, pe.ranked
        HAVING pe.paid_minor <> coalesce(sum(po.prize_minor) FILTER (WHERE po.refused IS NULL), 0)
            OR pe.ranked <> count(po.rank)`,
  );
  return rows.map((row) => `${row.key}: ${row.problem}`);
}

/** The sum of a member's leaderboard movements. */
export async function prizesPaidTo(db: Executor, memberId: number): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM wallet_movements WHERE member_id = ${memberId}
          AND kind = 'leaderboard'`,
  );
  return toNumber(rows[0]?.total);
}

/**
 * The books of the given members, as an auditor checks them: each leaderboard movement's entries sum to zero (the
 * house the other side), and each member account's stored balance is the sum of its entries. What breaks it.
 */
export async function booksBreaks(db: Executor, memberIds: readonly number[]): Promise<string[]> {
  const ids = `{${memberIds.join(',')}}`;
  const rows = await query<{ problem: string }>(
    db,
    sql`SELECT 'movement ' || w.id || ' sums to ' || sum(e.amount_minor) AS problem
        FROM wallet_movements w JOIN ledger_entries e ON e.movement_id = w.id
        WHERE w.kind = 'leaderboard' AND w.member_id = ANY(${ids}::bigint[])
        GROUP BY w.id HAVING sum(e.amount_minor) <> 0
        UNION ALL
        SELECT 'account ' || a.id || ' holds ' || a.balance_minor || ', its entries ' || coalesce(sum(e.amount_minor), 0)
        FROM wallet_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.owner_type = 'member' AND a.member_id = ANY(${ids}::bigint[])
        GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(e.amount_minor), 0)`,
  );
  return rows.map((row) => row.problem);
}
