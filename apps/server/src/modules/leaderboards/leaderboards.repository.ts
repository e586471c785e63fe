import type { LeaderboardMeasure, LeaderboardPeriod } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

/** A leaderboard as stored. */
export interface LeaderboardRow {
  id: number;
  merchantId: number;
  code: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  measure: LeaderboardMeasure;
  gameType: string | null;
  minBetMinor: number;
  period: LeaderboardPeriod;
  prizesMinor: number[];
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What an operator writes of a board (its code and measure are written once, on creation). */
export interface LeaderboardFields {
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  gameType: string | null;
  minBetMinor: number;
  period: LeaderboardPeriod;
  prizesMinor: number[];
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
}

/** A ranked row of a period: the member, the score and when it was reached. */
export interface StandingRow {
  rank: number;
  memberId: number;
  account: string;
  score: number;
  reachedAt: string;
}

/** A prize of a paid period: paid (its movement), or refused (the refusal's error code, no movement). */
export interface PayoutRow {
  rank: number;
  memberId: number;
  account: string;
  score: number;
  prizeMinor: number;
  movementId: number | null;
  refused: string | null;
}

/** A period paid. */
export interface PaidPeriodRow {
  leaderboardId: number;
  periodStart: string;
  ranked: number;
  paidMinor: number;
  paidAt: string;
}

function day(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** A bigint[] as PostgreSQL's text form. */
function bigintArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

function numbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(toNumber);
  return String(value)
    .replace(/[{}]/g, '')
    .split(',')
    .filter((part) => part !== '')
    .map(Number);
}

const COLUMNS = sql`id, merchant_id, code, title_ko, title_en, summary_ko, summary_en, measure, game_type,
  min_bet_minor, period, prizes_minor, starts_at, ends_at, active, version, created_at, updated_at`;

function toLeaderboard(row: Record<string, unknown>): LeaderboardRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    code: String(row['code']),
    titleKo: String(row['title_ko']),
    titleEn: String(row['title_en']),
    summaryKo: String(row['summary_ko']),
    summaryEn: String(row['summary_en']),
    measure: row['measure'] as LeaderboardMeasure,
    gameType: (row['game_type'] as string | null) ?? null,
    minBetMinor: toNumber(row['min_bet_minor']),
    period: row['period'] as LeaderboardPeriod,
    prizesMinor: numbers(row['prizes_minor']),
    startsAt: row['starts_at'] ? toIso(row['starts_at']) : null,
    endsAt: row['ends_at'] ? toIso(row['ends_at']) : null,
    active: row['active'] === true,
    version: toNumber(row['version']),
    createdAt: toIso(row['created_at']),
    updatedAt: toIso(row['updated_at']),
  };
}

/** The brand's active boards, oldest first (the member's page). */
export async function findActiveLeaderboards(db: Executor, merchantId: number): Promise<LeaderboardRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${COLUMNS} FROM leaderboards WHERE merchant_id = ${merchantId} AND active ORDER BY id`,
  );
  return rows.map(toLeaderboard);
}

export async function findLeaderboard(
  db: Executor,
  merchantId: number,
  leaderboardId: number,
): Promise<LeaderboardRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${COLUMNS} FROM leaderboards WHERE merchant_id = ${merchantId} AND id = ${leaderboardId}`,
  );
  return rows[0] ? toLeaderboard(rows[0]) : undefined;
}

/** A brand's boards, newest first (keyset by id). */
export async function findLeaderboards(
  db: Executor,
  merchantId: number,
  filter: { active?: boolean; beforeId: number | null; limit: number },
): Promise<LeaderboardRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${COLUMNS} FROM leaderboards
        WHERE merchant_id = ${merchantId}
          ${filter.active === undefined ? sql`` : sql`AND active = ${filter.active}`}
          ${filter.beforeId === null ? sql`` : sql`AND id < ${filter.beforeId}`}
        ORDER BY id DESC LIMIT ${filter.limit}`,
  );
  return rows.map(toLeaderboard);
}

/** Adds a board; undefined when the brand has its code already. */
export async function insertLeaderboard(
  db: Executor,
  input: LeaderboardFields & { merchantId: number; code: string; measure: LeaderboardMeasure },
): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO leaderboards (merchant_id, code, measure, title_ko, title_en, summary_ko, summary_en, game_type,
                                  min_bet_minor, period, prizes_minor, starts_at, ends_at, active)
        VALUES (${input.merchantId}, ${input.code}, ${input.measure}, ${input.titleKo}, ${input.titleEn},
                ${input.summaryKo}, ${input.summaryEn}, ${input.gameType}, ${input.minBetMinor}, ${input.period},
                ${bigintArray(input.prizesMinor)}::bigint[], ${input.startsAt}::timestamptz,
                ${input.endsAt}::timestamptz, ${input.active})
        ON CONFLICT (merchant_id, code) DO NOTHING RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

/** Writes a board's fields if still at `version`; false when stale. */
export async function updateLeaderboard(
  db: Executor,
  merchantId: number,
  leaderboardId: number,
  version: number,
  fields: LeaderboardFields,
): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`UPDATE leaderboards SET title_ko = ${fields.titleKo}, title_en = ${fields.titleEn},
          summary_ko = ${fields.summaryKo}, summary_en = ${fields.summaryEn}, game_type = ${fields.gameType},
          min_bet_minor = ${fields.minBetMinor}, period = ${fields.period},
          prizes_minor = ${bigintArray(fields.prizesMinor)}::bigint[],
          starts_at = ${fields.startsAt}::timestamptz, ends_at = ${fields.endsAt}::timestamptz,
          active = ${fields.active}, version = version + 1, updated_at = now()
        WHERE merchant_id = ${merchantId} AND id = ${leaderboardId} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * The scores of a feed batch (after, last], in one statement (decision 0056): each settled round of a brand's active
 * board (of its game type, or all; between its start and end) adds its valid bet to a valid-bet board's score, or
 * offers its multiplier (payout × 100 ÷ stake, rounded down; a stake of at least the board's minimum) to a multiplier
 * board's, which keeps the biggest, in the board's period holding the moment it settled (the brand's days). The
 * moment a score was reached is kept for ties: a sum's latest round, a biggest multiplier's first round at it.
 * Returns the rows written.
 */
export async function scoreBatch(db: Executor, after: FeedPosition, last: FeedPosition): Promise<number> {
  const rows = await query<{ written: unknown }>(
    db,
    sql`WITH events AS (
          SELECT f.merchant_id, f.member_id, f.stake_minor, f.valid_bet_minor, f.payout_minor, f.at, g.game_type,
                 (f.at AT TIME ZONE mer.time_zone)::date AS local_day, mer.time_zone
          FROM settlement_feed f
          JOIN merchants mer ON mer.id = f.merchant_id
          LEFT JOIN games g ON g.id = f.game_id
          WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
            AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)
            AND f.kind = 'round'
        ),
        counted AS (
          SELECT l.id AS leaderboard_id, e.member_id, e.merchant_id, l.measure, e.at,
                 CASE l.period WHEN 'daily' THEN e.local_day
                   WHEN 'weekly' THEN e.local_day - (extract(isodow FROM e.local_day)::integer - 1)
                   ELSE (l.starts_at AT TIME ZONE e.time_zone)::date END AS period_start,
                 CASE l.measure WHEN 'valid_bet' THEN e.valid_bet_minor
                   ELSE e.payout_minor * 100 / e.stake_minor END AS value
          FROM events e
          JOIN leaderboards l ON l.merchant_id = e.merchant_id AND l.active
           AND (l.starts_at IS NULL OR e.at >= l.starts_at) AND (l.ends_at IS NULL OR e.at < l.ends_at)
           AND (l.game_type IS NULL OR l.game_type = e.game_type)
           AND (l.measure = 'valid_bet' OR (e.stake_minor > 0 AND e.stake_minor >= l.min_bet_minor))
        ),
        scores AS (
          SELECT leaderboard_id, period_start, member_id, merchant_id,
                 CASE WHEN min(measure) = 'valid_bet' THEN sum(value) ELSE max(value) END::bigint AS score,
                 CASE WHEN min(measure) = 'valid_bet' THEN max(at)
                   ELSE (array_agg(at ORDER BY value DESC, at))[1] END AS reached_at
          FROM counted
          GROUP BY leaderboard_id, period_start, member_id, merchant_id
        ),
        written AS (
          INSERT INTO leaderboard_scores AS s (leaderboard_id, period_start, member_id, merchant_id, score, reached_at)
          SELECT leaderboard_id, period_start, member_id, merchant_id, score, reached_at
          FROM scores WHERE score > 0
          ORDER BY leaderboard_id, period_start, member_id
          ON CONFLICT (leaderboard_id, period_start, member_id) DO UPDATE
            SET score = CASE WHEN (SELECT measure FROM leaderboards WHERE id = s.leaderboard_id) = 'valid_bet'
                          THEN s.score + EXCLUDED.score ELSE greatest(s.score, EXCLUDED.score) END,
                reached_at = CASE WHEN (SELECT measure FROM leaderboards WHERE id = s.leaderboard_id) = 'valid_bet'
                               THEN greatest(s.reached_at, EXCLUDED.reached_at)
                             WHEN EXCLUDED.score > s.score THEN EXCLUDED.reached_at
                             WHEN EXCLUDED.score = s.score THEN least(s.reached_at, EXCLUDED.reached_at)
                             ELSE s.reached_at END
          RETURNING 1
        )
        SELECT count(*) AS written FROM written`,
  );
  return toNumber(rows[0]?.written);
}

/** The order of a period's ranks: the best score first; ties, who reached it first; then the member's id. */
const RANK_ORDER = sql`s.score DESC, s.reached_at, s.member_id`;

/** A period's standings, best first, the first `limit` ranks. */
export async function findStandings(
  db: Executor,
  leaderboardId: number,
  periodStart: string,
  limit: number,
): Promise<StandingRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT s.member_id, m.account, s.score, s.reached_at
        FROM leaderboard_scores s
        LEFT JOIN members m ON m.id = s.member_id
        WHERE s.leaderboard_id = ${leaderboardId} AND s.period_start = ${periodStart}::date
        ORDER BY ${RANK_ORDER} LIMIT ${limit}`,
  );
  return rows.map((row, index) => ({
    rank: index + 1,
    memberId: toNumber(row['member_id']),
    account: (row['account'] as string | null) ?? '',
    score: toNumber(row['score']),
    reachedAt: toIso(row['reached_at']),
  }));
}

/** A member's rank and score in a period; undefined when nothing counted. */
export async function findMemberStanding(
  db: Executor,
  leaderboardId: number,
  periodStart: string,
  memberId: number,
): Promise<{ rank: number; score: number } | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT me.score,
               (SELECT count(*) FROM leaderboard_scores s
                WHERE s.leaderboard_id = me.leaderboard_id AND s.period_start = me.period_start
                  AND (s.score > me.score OR (s.score = me.score AND (s.reached_at < me.reached_at
                       OR (s.reached_at = me.reached_at AND s.member_id < me.member_id))))) + 1 AS rank
        FROM leaderboard_scores me
        WHERE me.leaderboard_id = ${leaderboardId} AND me.period_start = ${periodStart}::date
          AND me.member_id = ${memberId}`,
  );
  return rows[0] ? { rank: toNumber(rows[0]['rank']), score: toNumber(rows[0]['score']) } : undefined;
}

/** The number of members with a score in each (board, period) pair. */
export async function countMembers(
  db: Executor,
  periods: readonly { leaderboardId: number; periodStart: string }[],
): Promise<Map<number, number>> {
  if (periods.length === 0) return new Map();
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT leaderboard_id, count(*) AS n FROM leaderboard_scores
        WHERE (leaderboard_id, period_start) IN (
          SELECT * FROM unnest(${bigintArray(periods.map((p) => p.leaderboardId))}::bigint[],
                               ${`{${periods.map((p) => p.periodStart).join(',')}}`}::date[]))
        GROUP BY leaderboard_id`,
  );
  return new Map(rows.map((row) => [toNumber(row['leaderboard_id']), toNumber(row['n'])] as const));
}

/** The board's periods paid, newest first. */
export async function findPaidPeriods(db: Executor, leaderboardId: number, limit: number): Promise<PaidPeriodRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT leaderboard_id, period_start::text AS period_start, ranked, paid_minor, paid_at
        FROM leaderboard_periods WHERE leaderboard_id = ${leaderboardId}
        ORDER BY period_start DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    leaderboardId: toNumber(row['leaderboard_id']),
    periodStart: day(row['period_start']),
    ranked: toNumber(row['ranked']),
    paidMinor: toNumber(row['paid_minor']),
    paidAt: toIso(row['paid_at']),
  }));
}

/** The prizes of a paid period, by rank, paid and refused. */
export async function findPayouts(db: Executor, leaderboardId: number, periodStart: string): Promise<PayoutRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT p.rank, p.member_id, m.account, p.score, p.prize_minor, p.movement_id, p.refused
        FROM leaderboard_payouts p LEFT JOIN members m ON m.id = p.member_id
        WHERE p.leaderboard_id = ${leaderboardId} AND p.period_start = ${periodStart}::date
        ORDER BY p.rank`,
  );
  return rows.map((row) => ({
    rank: toNumber(row['rank']),
    memberId: toNumber(row['member_id']),
    account: (row['account'] as string | null) ?? '',
    score: toNumber(row['score']),
    prizeMinor: toNumber(row['prize_minor']),
    movementId: row['movement_id'] === null ? null : toNumber(row['movement_id']),
    refused: (row['refused'] as string | null) ?? null,
  }));
}

/** An active board with its brand's currency and time zone (the payout job's boards). */
export interface PayableBoardRow {
  leaderboard: LeaderboardRow;
  currency: string;
  timeZone: string;
}

/** Every brand's active boards, with what paying them needs. */
export async function findPayableBoards(db: Executor): Promise<PayableBoardRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${sql.raw(
      'l.id, l.merchant_id, l.code, l.title_ko, l.title_en, l.summary_ko, l.summary_en, l.measure, l.game_type, ' +
        'l.min_bet_minor, l.period, l.prizes_minor, l.starts_at, l.ends_at, l.active, l.version, l.created_at, ' +
        'l.updated_at',
    )}, mer.currency, mer.time_zone
        FROM leaderboards l JOIN merchants mer ON mer.id = l.merchant_id
        WHERE l.active ORDER BY l.id`,
  );
  return rows.map((row) => ({
    leaderboard: toLeaderboard(row),
    currency: String(row['currency']),
    timeZone: String(row['time_zone']),
  }));
}

/**
 * A board's periods with scores that started before `before` and after its newest period paid, oldest first: the
 * periods the payout may owe (decision 0056, Later). A skip scan of the scores' primary key (one index probe a
 * distinct period, never a row of a period's members), so it costs the same however many members the current
 * period has; periods before the newest paid one are never owed again (each is paid, or was finished before it).
 */
export async function findUnpaidPeriodStarts(db: Executor, leaderboardId: number, before: string): Promise<string[]> {
  const rows = await query<Record<string, unknown>>(db, unpaidPeriodStartsQuery(leaderboardId, before));
  return rows.map((row) => day(row['period_start']));
}

/** findUnpaidPeriodStarts' statement (its test reads the plan). */
export function unpaidPeriodStartsQuery(leaderboardId: number, before: string): SQL {
  return sql`WITH RECURSIVE starts (period_start) AS (
          SELECT (SELECT min(s.period_start) FROM leaderboard_scores s
                  WHERE s.leaderboard_id = ${leaderboardId} AND s.period_start > paid.newest
                    AND s.period_start < ${before}::date)
          FROM (SELECT coalesce(max(period_start), '-infinity'::date) AS newest FROM leaderboard_periods
                WHERE leaderboard_id = ${leaderboardId}) paid
          UNION ALL
          SELECT (SELECT min(s.period_start) FROM leaderboard_scores s
                  WHERE s.leaderboard_id = ${leaderboardId} AND s.period_start > starts.period_start
                    AND s.period_start < ${before}::date)
          FROM starts WHERE starts.period_start IS NOT NULL
        )
        SELECT period_start::text AS period_start FROM starts WHERE period_start IS NOT NULL ORDER BY period_start`;
}

/** The members among `memberIds` whose accounts are closed: their prizes are refused. */
export async function findClosedMembers(db: Executor, memberIds: readonly number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT id FROM members WHERE id = ANY (${bigintArray(memberIds)}::bigint[]) AND status = 'closed'`,
  );
  return new Set(rows.map((row) => toNumber(row['id'])));
}

/**
 * Claims a period's payout: its row, written in the payout's transaction. False when another run paid it (or is
 * paying it: the insert waits for that run's commit, then finds the row).
 */
export async function claimPeriod(
  db: Executor,
  leaderboardId: number,
  periodStart: string,
  merchantId: number,
): Promise<boolean> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`INSERT INTO leaderboard_periods (leaderboard_id, period_start, merchant_id, ranked, paid_minor)
        VALUES (${leaderboardId}, ${periodStart}::date, ${merchantId}, 0, 0)
        ON CONFLICT (leaderboard_id, period_start) DO NOTHING RETURNING 1 AS claimed`,
  );
  return rows.length > 0;
}

/** A rank's prize: paid (its movement) or refused (the refusal's error code). */
export async function insertPayout(
  db: Executor,
  payout: { leaderboardId: number; periodStart: string } & Omit<PayoutRow, 'account'>,
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO leaderboard_payouts (leaderboard_id, period_start, rank, member_id, score, prize_minor, movement_id,
                                         refused)
        VALUES (${payout.leaderboardId}, ${payout.periodStart}::date, ${payout.rank}, ${payout.memberId},
                ${payout.score}, ${payout.prizeMinor}, ${payout.movementId}, ${payout.refused})`,
  );
}

export async function finishPeriod(
  db: Executor,
  period: { leaderboardId: number; periodStart: string; ranked: number; paidMinor: number },
): Promise<void> {
  await query(
    db,
    sql`UPDATE leaderboard_periods SET ranked = ${period.ranked}, paid_minor = ${period.paidMinor}, paid_at = now()
        WHERE leaderboard_id = ${period.leaderboardId} AND period_start = ${period.periodStart}::date`,
  );
}
