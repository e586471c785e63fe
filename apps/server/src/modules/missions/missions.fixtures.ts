import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Executor } from '../../db/client';
import type { MissionFields } from './missions.repository';

/** Test fixtures of missions: missions, settled rounds and deposits at a moment, draining the feed, the money check. */

export interface TestGame {
  vendorId: number;
  gameId: number;
  code: string;
  gameType: string;
}

/** The test vendor's G1 (RNG) and G2 (LIVE) (installTestVendor of the seamless wallet's fixtures first). */
export async function missionGames(app: App): Promise<{ rng: TestGame; live: TestGame }> {
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

/** Writes a mission straight into the table (the back office's checks are its routes' tests); its id. */
export async function insertTestMission(
  db: Executor,
  merchantId: number,
  mission: Partial<MissionFields> & { goal: 'rounds' | 'wager' | 'deposit' | 'signin'; code?: string },
): Promise<number> {
  serial += 1;
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO missions (merchant_id, code, title_ko, title_en, goal, game_type, target, period, reward_minor,
                              starts_at, ends_at, active)
        VALUES (${merchantId}, ${mission.code ?? `T${process.pid}X${serial}`}, '테스트 미션', 'Test mission',
                ${mission.goal}, ${mission.gameType ?? null}, ${mission.target ?? 3}, ${mission.period ?? 'daily'},
                ${mission.rewardMinor ?? 1_000}, ${mission.startsAt ?? null}::timestamptz,
                ${mission.endsAt ?? null}::timestamptz, ${mission.active ?? true})
        RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}

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
        VALUES (${round.game.vendorId}, ${`ms-${process.pid}-${Date.now()}-${serial}`}, ${round.merchantId},
                ${round.memberId}, ${round.game.gameId}, ${round.game.code}, 'KRW', ${round.validBetMinor}, 0,
                ${round.validBetMinor}, 'settled', ${at}::timestamptz, ${at}::timestamptz)`,
  );
}

/** A credited deposit's row of the feed, as the cashier writes it, at `at` (now by default). */
export async function feedDeposit(
  db: Executor,
  deposit: { merchantId: number; memberId: number; amountMinor: number; at?: Date },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, amount_minor, at)
        VALUES ('deposit', ${deposit.merchantId}, ${deposit.memberId}, 'KRW', ${deposit.amountMinor},
                ${(deposit.at ?? new Date()).toISOString()}::timestamptz)`,
  );
}

/** Applies the feed until nothing is left after missions' checkpoint. */
export async function drainMissions(app: App): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await app.missions.consumeFeed();
    if ((await app.settlementFeed.describe(app.missions.feedConsumer.name)).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the feed did not drain: a transaction stays open');
}

/** Stops the background job that would apply the feed during a test. */
export async function stopMissionJobs(app: App): Promise<void> {
  await app.housekeeping.settlementFeed?.stop();
}

/**
 * Missions' money, as a reader checks it: each claimed row has exactly one wallet movement of kind mission with its
 * key and reward, and no mission movement lacks its claimed row. The keys that break it.
 */
export async function rewardBreaks(db: Executor): Promise<string[]> {
  const rows = await query<{ key: string; problem: string }>(
    db,
    sql`WITH claimed AS (
          SELECT 'mission:' || mission_id || ':' || member_id || ':' || period_start::text AS key, reward_minor,
                 movement_id
          FROM mission_progress WHERE claimed_at IS NOT NULL
        )
        SELECT c.key, 'no movement or another amount' AS problem
        FROM claimed c
        LEFT JOIN wallet_movements w ON w.idempotency_key = c.key AND w.kind = 'mission' AND w.id = c.movement_id
        WHERE w.id IS NULL OR w.amount_minor <> c.reward_minor
        UNION ALL
        SELECT w.idempotency_key, 'movement without a claimed row'
        FROM wallet_movements w
        LEFT JOIN claimed c ON c.key = w.idempotency_key
        WHERE w.kind = 'mission' AND c.key IS NULL`,
  );
  return rows.map((row) => `${row.key}: ${row.problem}`);
}

/** The sum of a member's mission movements. */
export async function rewardsPaidTo(db: Executor, memberId: number): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM wallet_movements WHERE member_id = ${memberId}
          AND kind = 'mission'`,
  );
  return toNumber(rows[0]?.total);
}

/**
 * The books of the given members, as an auditor checks them: each mission movement's entries sum to zero (the house
 * the other side), and each member account's stored balance is the sum of its entries. What breaks it.
 */
export async function booksBreaks(db: Executor, memberIds: readonly number[]): Promise<string[]> {
  const ids = `{${memberIds.join(',')}}`;
  const rows = await query<{ problem: string }>(
    db,
    sql`SELECT 'movement ' || w.id || ' sums to ' || sum(e.amount_minor) AS problem
        FROM wallet_movements w JOIN ledger_entries e ON e.movement_id = w.id
        WHERE w.kind = 'mission' AND w.member_id = ANY(${ids}::bigint[])
        GROUP BY w.id HAVING sum(e.amount_minor) <> 0
        UNION ALL
        SELECT 'account ' || a.id || ' holds ' || a.balance_minor || ', its entries ' || coalesce(sum(e.amount_minor), 0)
        FROM wallet_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.owner_type = 'member' AND a.member_id = ANY(${ids}::bigint[])
        GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(e.amount_minor), 0)`,
  );
  return rows.map((row) => row.problem);
}
