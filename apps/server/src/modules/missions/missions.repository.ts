import type { MissionGoal, MissionPeriod } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

/** A mission as stored. */
export interface MissionRow {
  id: number;
  merchantId: number;
  code: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  goal: MissionGoal;
  gameType: string | null;
  target: number;
  period: MissionPeriod;
  rewardMinor: number;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What an operator writes of a mission (its code and goal are written once, on creation). */
export interface MissionFields {
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  gameType: string | null;
  target: number;
  period: MissionPeriod;
  rewardMinor: number;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
}

/** A member's row of a mission's period. */
export interface ProgressRow {
  missionId: number;
  memberId: number;
  periodStart: string;
  progress: number;
  lastDay: string | null;
  completedAt: string | null;
  claimedAt: string | null;
  rewardMinor: number | null;
  movementId: number | null;
}

function day(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

const MISSION_COLUMNS = sql`id, merchant_id, code, title_ko, title_en, summary_ko, summary_en, goal, game_type, target,
  period, reward_minor, starts_at, ends_at, active, version, created_at, updated_at`;

function toMission(row: Record<string, unknown>): MissionRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    code: String(row['code']),
    titleKo: String(row['title_ko']),
    titleEn: String(row['title_en']),
    summaryKo: String(row['summary_ko']),
    summaryEn: String(row['summary_en']),
    goal: row['goal'] as MissionGoal,
    gameType: (row['game_type'] as string | null) ?? null,
    target: toNumber(row['target']),
    period: row['period'] as MissionPeriod,
    rewardMinor: toNumber(row['reward_minor']),
    startsAt: row['starts_at'] ? toIso(row['starts_at']) : null,
    endsAt: row['ends_at'] ? toIso(row['ends_at']) : null,
    active: row['active'] === true,
    version: toNumber(row['version']),
    createdAt: toIso(row['created_at']),
    updatedAt: toIso(row['updated_at']),
  };
}

const PROGRESS_COLUMNS = sql`mission_id, member_id, period_start::text AS period_start, progress,
  last_day::text AS last_day, completed_at, claimed_at, reward_minor, movement_id`;

function toProgress(row: Record<string, unknown>): ProgressRow {
  return {
    missionId: toNumber(row['mission_id']),
    memberId: toNumber(row['member_id']),
    periodStart: day(row['period_start']),
    progress: toNumber(row['progress']),
    lastDay: row['last_day'] ? day(row['last_day']) : null,
    completedAt: row['completed_at'] ? toIso(row['completed_at']) : null,
    claimedAt: row['claimed_at'] ? toIso(row['claimed_at']) : null,
    rewardMinor: row['reward_minor'] === null ? null : toNumber(row['reward_minor']),
    movementId: row['movement_id'] === null ? null : toNumber(row['movement_id']),
  };
}

/** The brand's active missions, oldest first (the member's summary). */
export async function findActiveMissions(db: Executor, merchantId: number): Promise<MissionRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${MISSION_COLUMNS} FROM missions WHERE merchant_id = ${merchantId} AND active ORDER BY id`,
  );
  return rows.map(toMission);
}

export async function findMission(
  db: Executor,
  merchantId: number,
  missionId: number,
): Promise<MissionRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${MISSION_COLUMNS} FROM missions WHERE merchant_id = ${merchantId} AND id = ${missionId}`,
  );
  return rows[0] ? toMission(rows[0]) : undefined;
}

/** A brand's missions, newest first (keyset by id). */
export async function findMissions(
  db: Executor,
  merchantId: number,
  filter: { active?: boolean; beforeId: number | null; limit: number },
): Promise<MissionRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${MISSION_COLUMNS} FROM missions
        WHERE merchant_id = ${merchantId}
          ${filter.active === undefined ? sql`` : sql`AND active = ${filter.active}`}
          ${filter.beforeId === null ? sql`` : sql`AND id < ${filter.beforeId}`}
        ORDER BY id DESC LIMIT ${filter.limit}`,
  );
  return rows.map(toMission);
}

/** Adds a mission; undefined when the brand has its code already. */
export async function insertMission(
  db: Executor,
  input: MissionFields & { merchantId: number; code: string; goal: MissionGoal },
): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO missions (merchant_id, code, goal, title_ko, title_en, summary_ko, summary_en, game_type, target,
                              period, reward_minor, starts_at, ends_at, active)
        VALUES (${input.merchantId}, ${input.code}, ${input.goal}, ${input.titleKo}, ${input.titleEn},
                ${input.summaryKo}, ${input.summaryEn}, ${input.gameType}, ${input.target}, ${input.period},
                ${input.rewardMinor}, ${input.startsAt}::timestamptz, ${input.endsAt}::timestamptz, ${input.active})
        ON CONFLICT (merchant_id, code) DO NOTHING RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

/** Writes a mission's fields if still at `version`; false when stale. */
export async function updateMission(
  db: Executor,
  merchantId: number,
  missionId: number,
  version: number,
  fields: MissionFields,
): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`UPDATE missions SET title_ko = ${fields.titleKo}, title_en = ${fields.titleEn},
          summary_ko = ${fields.summaryKo}, summary_en = ${fields.summaryEn}, game_type = ${fields.gameType},
          target = ${fields.target}, period = ${fields.period}, reward_minor = ${fields.rewardMinor},
          starts_at = ${fields.startsAt}::timestamptz, ends_at = ${fields.endsAt}::timestamptz,
          active = ${fields.active}, version = version + 1, updated_at = now()
        WHERE merchant_id = ${merchantId} AND id = ${missionId} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

/** The first day, in the brand's calendar, of the period a local day `localDay` falls in, for the mission `m`. */
function periodStartSql(localDay: SQL, timeZone: SQL): SQL {
  return sql`CASE m.period WHEN 'daily' THEN ${localDay}
    WHEN 'weekly' THEN ${localDay} - (extract(isodow FROM ${localDay})::integer - 1)
    ELSE (m.starts_at AT TIME ZONE ${timeZone})::date END`;
}

/**
 * The progress of a feed batch (after, last], in one statement (decision 0054): each settled round counts 1 towards
 * the brand's active rounds missions and its valid bet towards the wager missions (of its game type, or of all), each
 * credited deposit its amount towards the deposit missions, in the mission's period holding the moment it settled
 * (the brand's days) and only within the mission's start and end. A row reaching its target is marked completed.
 * Returns the rows written.
 */
export async function progressBatch(db: Executor, after: FeedPosition, last: FeedPosition): Promise<number> {
  const localDay = sql`e.local_day`;
  const rows = await query<{ written: unknown }>(
    db,
    sql`WITH events AS (
          SELECT f.merchant_id, f.member_id, f.kind, f.valid_bet_minor, f.amount_minor, f.at, g.game_type,
                 mer.time_zone, (f.at AT TIME ZONE mer.time_zone)::date AS local_day
          FROM settlement_feed f
          JOIN merchants mer ON mer.id = f.merchant_id
          LEFT JOIN games g ON g.id = f.game_id
          WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
            AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)
            AND f.kind IN ('round', 'deposit')
        ),
        counted AS (
          SELECT m.id AS mission_id, e.member_id, e.merchant_id, m.target,
                 ${periodStartSql(localDay, sql`e.time_zone`)} AS period_start,
                 CASE m.goal WHEN 'rounds' THEN 1 WHEN 'wager' THEN e.valid_bet_minor ELSE e.amount_minor END AS amount
          FROM events e
          JOIN missions m ON m.merchant_id = e.merchant_id AND m.active
           AND (m.starts_at IS NULL OR e.at >= m.starts_at) AND (m.ends_at IS NULL OR e.at < m.ends_at)
           AND ((m.goal IN ('rounds', 'wager') AND e.kind = 'round'
                 AND (m.game_type IS NULL OR m.game_type = e.game_type))
             OR (m.goal = 'deposit' AND e.kind = 'deposit'))
        ),
        sums AS (
          SELECT mission_id, member_id, period_start, merchant_id, max(target) AS target,
                 sum(amount)::bigint AS amount
          FROM counted
          GROUP BY mission_id, member_id, period_start, merchant_id
          HAVING sum(amount) > 0
        ),
        written AS (
          INSERT INTO mission_progress AS p (mission_id, member_id, period_start, merchant_id, progress, completed_at)
          SELECT mission_id, member_id, period_start, merchant_id, amount,
                 CASE WHEN amount >= target THEN now() END
          FROM sums
          ORDER BY mission_id, member_id, period_start
          ON CONFLICT (mission_id, member_id, period_start) DO UPDATE
            SET progress = p.progress + EXCLUDED.progress,
                completed_at = coalesce(p.completed_at, CASE WHEN p.progress + EXCLUDED.progress
                  >= (SELECT target FROM missions WHERE id = p.mission_id) THEN now() END),
                updated_at = now()
          RETURNING 1
        )
        SELECT count(*) AS written FROM written`,
  );
  return toNumber(rows[0]?.written);
}

/**
 * Counts a member's sign-in on the brand's day `today` towards the brand's sign-in missions running at `now`: once a
 * day (a second sign-in the same day changes nothing); the day after the last one counted adds one, a later day
 * starts again at 1. A completed row no longer changes (its reward waits to be claimed). The missions counted.
 */
export async function countSignIn(
  db: Executor,
  input: { merchantId: number; memberId: number; today: string; timeZone: string; now: Date },
): Promise<number> {
  const today = sql`${input.today}::date`;
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const rows = await query<{ mission_id: unknown }>(
    db,
    sql`INSERT INTO mission_progress AS p (mission_id, member_id, period_start, merchant_id, progress, last_day,
                                           completed_at)
        SELECT m.id, ${input.memberId}, ${periodStartSql(today, sql`${input.timeZone}`)}, m.merchant_id, 1, ${today},
               CASE WHEN m.target <= 1 THEN now() END
        FROM missions m
        WHERE m.merchant_id = ${input.merchantId} AND m.goal = 'signin' AND m.active
          AND (m.starts_at IS NULL OR m.starts_at <= ${now}) AND (m.ends_at IS NULL OR m.ends_at > ${now})
        ORDER BY m.id
        ON CONFLICT (mission_id, member_id, period_start) DO UPDATE
          SET progress = CASE WHEN p.last_day = EXCLUDED.last_day - 1 THEN p.progress + 1 ELSE 1 END,
              last_day = EXCLUDED.last_day,
              completed_at = CASE WHEN (CASE WHEN p.last_day = EXCLUDED.last_day - 1 THEN p.progress + 1 ELSE 1 END)
                >= (SELECT target FROM missions WHERE id = p.mission_id) THEN now() END,
              updated_at = now()
          WHERE p.completed_at IS NULL AND p.claimed_at IS NULL
            AND (p.last_day IS NULL OR p.last_day < EXCLUDED.last_day)
        RETURNING p.mission_id`,
  );
  return rows.length;
}

/** A member's rows of the given (mission, period) pairs. */
export async function findProgress(
  db: Executor,
  memberId: number,
  periods: readonly { missionId: number; periodStart: string }[],
): Promise<ProgressRow[]> {
  if (periods.length === 0) return [];
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${PROGRESS_COLUMNS} FROM mission_progress
        WHERE member_id = ${memberId}
          AND (mission_id, period_start) IN (
            SELECT * FROM unnest(${`{${periods.map((p) => p.missionId).join(',')}}`}::bigint[],
                                 ${`{${periods.map((p) => p.periodStart).join(',')}}`}::date[]))`,
  );
  return rows.map(toProgress);
}

/** The member's row of a mission's period, locked for the claim; undefined when nothing counted yet. */
export async function lockProgress(
  db: Executor,
  missionId: number,
  memberId: number,
  periodStart: string,
): Promise<ProgressRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${PROGRESS_COLUMNS} FROM mission_progress
        WHERE mission_id = ${missionId} AND member_id = ${memberId} AND period_start = ${periodStart}::date
        FOR UPDATE`,
  );
  return rows[0] ? toProgress(rows[0]) : undefined;
}

/** Marks the locked row claimed with the reward paid and its movement. */
export async function markClaimed(
  db: Executor,
  row: { missionId: number; memberId: number; periodStart: string; rewardMinor: number; movementId: number },
): Promise<ProgressRow> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`UPDATE mission_progress
        SET claimed_at = now(), completed_at = coalesce(completed_at, now()), reward_minor = ${row.rewardMinor},
            movement_id = ${row.movementId}, updated_at = now()
        WHERE mission_id = ${row.missionId} AND member_id = ${row.memberId} AND period_start = ${row.periodStart}::date
          AND claimed_at IS NULL
        RETURNING ${PROGRESS_COLUMNS}`,
  );
  if (!rows[0]) throw new Error('the claimed row was not locked');
  return toProgress(rows[0]);
}

/** A mission's figures in a period, for the back office. */
export interface PeriodStatsRow {
  missionId: number;
  inProgress: number;
  completed: number;
  claimed: number;
  rewardPaidMinor: number;
}

/** The figures of each (mission, period) pair: members short of the target, at it, claimed, and the reward paid. */
export async function findPeriodStats(
  db: Executor,
  periods: readonly { missionId: number; periodStart: string }[],
): Promise<PeriodStatsRow[]> {
  if (periods.length === 0) return [];
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT p.mission_id,
               count(*) FILTER (WHERE p.claimed_at IS NULL AND p.completed_at IS NULL AND p.progress < m.target)
                 AS in_progress,
               count(*) FILTER (WHERE p.claimed_at IS NOT NULL OR p.completed_at IS NOT NULL OR p.progress >= m.target)
                 AS completed,
               count(*) FILTER (WHERE p.claimed_at IS NOT NULL) AS claimed,
               coalesce(sum(p.reward_minor), 0) AS reward_paid
        FROM mission_progress p
        JOIN missions m ON m.id = p.mission_id
        WHERE (p.mission_id, p.period_start) IN (
          SELECT * FROM unnest(${`{${periods.map((p) => p.missionId).join(',')}}`}::bigint[],
                               ${`{${periods.map((p) => p.periodStart).join(',')}}`}::date[]))
        GROUP BY p.mission_id`,
  );
  return rows.map((row) => ({
    missionId: toNumber(row['mission_id']),
    inProgress: toNumber(row['in_progress']),
    completed: toNumber(row['completed']),
    claimed: toNumber(row['claimed']),
    rewardPaidMinor: toNumber(row['reward_paid']),
  }));
}
