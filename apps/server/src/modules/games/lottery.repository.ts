import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The platform's lottery calls' reading of rounds (docs/product/calls.md#lottery): which lottery games a brand's
// members play most, and which a member played last. A lottery game is one of type ELOTT or LOTT, whichever vendor.

/**
 * The brand's lottery games by rounds settled since `since`, most first (ties: the lower id), at most `limit`.
 * Reads the brand's settled rounds by settled_at (game_rounds_board_idx).
 */
export async function findPopularLotteryGames(
  db: Executor,
  merchantId: number,
  since: Date,
  limit: number,
): Promise<{ gameId: number; rounds: number }[]> {
  const rows = await query<{ game_id: unknown; rounds: unknown }>(
    db,
    sql`SELECT r.game_id, count(*) AS rounds
        FROM game_rounds r JOIN games g ON g.id = r.game_id
        WHERE r.merchant_id = ${merchantId} AND r.status = 'settled' AND r.settled_at >= ${since.toISOString()}
          AND g.game_type IN ('ELOTT', 'LOTT')
        GROUP BY r.game_id
        ORDER BY rounds DESC, r.game_id
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({ gameId: toNumber(row.game_id), rounds: toNumber(row.rounds) }));
}

/**
 * The lottery games of the member's rounds started since `since`, the last played first, with the start of their
 * last round, at most `limit`. Reads the member's rounds by start (game_rounds_member_started_idx).
 */
export async function findRecentLotteryGames(
  db: Executor,
  memberId: number,
  since: Date,
  limit: number,
): Promise<{ gameId: number; lastPlayedAt: string }[]> {
  const rows = await query<{ game_id: unknown; last_played_at: unknown }>(
    db,
    sql`SELECT r.game_id, max(r.started_at) AS last_played_at
        FROM game_rounds r JOIN games g ON g.id = r.game_id
        WHERE r.member_id = ${memberId} AND r.started_at >= ${since.toISOString()} AND g.game_type IN ('ELOTT', 'LOTT')
        GROUP BY r.game_id
        ORDER BY last_played_at DESC, r.game_id DESC
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    gameId: toNumber(row.game_id),
    lastPlayedAt: toIso(row.last_played_at),
  }));
}
