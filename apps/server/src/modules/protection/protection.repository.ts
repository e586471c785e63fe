import type { ProtectionBlockKind, ProtectionLimitKey } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The column of each limit in member_protection. */
const COLUMNS: Record<ProtectionLimitKey, string> = {
  depositDaily: 'deposit_daily_minor',
  depositWeekly: 'deposit_weekly_minor',
  depositMonthly: 'deposit_monthly_minor',
  lossDaily: 'loss_daily_minor',
  lossWeekly: 'loss_weekly_minor',
  lossMonthly: 'loss_monthly_minor',
  wagerDaily: 'wager_daily_minor',
  wagerWeekly: 'wager_weekly_minor',
  wagerMonthly: 'wager_monthly_minor',
  sessionMinutes: 'session_minutes',
  realityCheckMinutes: 'reality_check_minutes',
};

export interface ProtectionRow {
  memberId: number;
  merchantId: number;
  timeZone: string;
  limits: Record<ProtectionLimitKey, number | null>;
  /** Stakes and net loss in the current day, week and month (0 when the stored period is an earlier one). */
  play: {
    dayWagered: number;
    dayLoss: number;
    weekWagered: number;
    weekLoss: number;
    monthWagered: number;
    monthLoss: number;
  };
}

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : toNumber(value));

/**
 * The member's protection row (undefined when nothing was ever set), its totals of play zeroed where their period
 * is over at `now`; `forUpdate` locks it for a change.
 */
export async function findProtection(
  db: Executor,
  memberId: number,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<ProtectionRow | undefined> {
  const at = now.toISOString();
  const [row] = await query(
    db,
    sql`SELECT p.*,
               CASE WHEN p.day_key = (${at}::timestamptz AT TIME ZONE p.time_zone)::date THEN p.day_wagered_minor ELSE 0 END AS dw,
               CASE WHEN p.day_key = (${at}::timestamptz AT TIME ZONE p.time_zone)::date THEN p.day_loss_minor ELSE 0 END AS dl,
               CASE WHEN p.week_key = date_trunc('week', ${at}::timestamptz AT TIME ZONE p.time_zone)::date
                    THEN p.week_wagered_minor ELSE 0 END AS ww,
               CASE WHEN p.week_key = date_trunc('week', ${at}::timestamptz AT TIME ZONE p.time_zone)::date
                    THEN p.week_loss_minor ELSE 0 END AS wl,
               CASE WHEN p.month_key = date_trunc('month', ${at}::timestamptz AT TIME ZONE p.time_zone)::date
                    THEN p.month_wagered_minor ELSE 0 END AS mw,
               CASE WHEN p.month_key = date_trunc('month', ${at}::timestamptz AT TIME ZONE p.time_zone)::date
                    THEN p.month_loss_minor ELSE 0 END AS ml
          FROM member_protection p WHERE p.member_id = ${memberId}
          ${options.forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) return undefined;
  const limits = {} as Record<ProtectionLimitKey, number | null>;
  for (const [key, column] of Object.entries(COLUMNS) as [ProtectionLimitKey, string][]) {
    limits[key] = nullableNumber(row[column]);
  }
  return {
    memberId: toNumber(row['member_id']),
    merchantId: toNumber(row['merchant_id']),
    timeZone: String(row['time_zone']),
    limits,
    play: {
      dayWagered: toNumber(row['dw']),
      dayLoss: toNumber(row['dl']),
      weekWagered: toNumber(row['ww']),
      weekLoss: toNumber(row['wl']),
      monthWagered: toNumber(row['mw']),
      monthLoss: toNumber(row['ml']),
    },
  };
}

/**
 * Makes the member's protection row if it has none, its totals of play taken from the rounds of the current
 * periods (by when each round started), so that a first loss or wager limit counts the play before it. Answers
 * whether it made one. A member without a row is one the wallet's trigger keeps no totals for.
 */
export async function createProtectionIfMissing(
  tx: Executor,
  member: { memberId: number; merchantId: number },
): Promise<boolean> {
  const made = await query(
    tx,
    sql`INSERT INTO member_protection (member_id, merchant_id, time_zone)
        SELECT ${member.memberId}, m.id, m.time_zone FROM merchants m WHERE m.id = ${member.merchantId}
        ON CONFLICT (member_id) DO NOTHING RETURNING member_id`,
  );
  if (made.length === 0) return false;
  // The rounds since the earlier of the ISO week's and the month's start (game_rounds_member_started_idx).
  await query(
    tx,
    sql`WITH k AS (
          SELECT (now() AT TIME ZONE p.time_zone)::date AS day,
                 date_trunc('week', now() AT TIME ZONE p.time_zone)::date AS week,
                 date_trunc('month', now() AT TIME ZONE p.time_zone)::date AS month, p.time_zone
            FROM member_protection p WHERE p.member_id = ${member.memberId}
        ), r AS (
          SELECT (g.started_at AT TIME ZONE k.time_zone)::date AS local_day, g.stake_minor, g.win_minor, k.*
            FROM k JOIN game_rounds g ON g.member_id = ${member.memberId}
             AND g.started_at >= (least(k.week, k.month)::timestamp AT TIME ZONE k.time_zone)
             AND g.status <> 'cancelled'
        )
        UPDATE member_protection p SET
          day_key = k.day, week_key = k.week, month_key = k.month,
          day_wagered_minor = coalesce((SELECT sum(stake_minor) FROM r WHERE local_day >= r.day), 0),
          day_loss_minor = coalesce((SELECT sum(stake_minor - win_minor) FROM r WHERE local_day >= r.day), 0),
          week_wagered_minor = coalesce((SELECT sum(stake_minor) FROM r WHERE local_day >= r.week), 0),
          week_loss_minor = coalesce((SELECT sum(stake_minor - win_minor) FROM r WHERE local_day >= r.week), 0),
          month_wagered_minor = coalesce((SELECT sum(stake_minor) FROM r WHERE local_day >= r.month), 0),
          month_loss_minor = coalesce((SELECT sum(stake_minor - win_minor) FROM r WHERE local_day >= r.month), 0)
          FROM k WHERE p.member_id = ${member.memberId}`,
  );
  return true;
}

/**
 * A member's stakes and net loss in the brand's current day, ISO week and month, read from their rounds (by when
 * each started): what a member without a protection row has played, for the page (game_rounds_member_started_idx).
 */
export async function sumPlayPeriods(
  db: Executor,
  member: { memberId: number; merchantId: number },
  now: Date,
): Promise<ProtectionRow['play']> {
  const at = now.toISOString();
  const [row] = await query(
    db,
    sql`WITH k AS (
          SELECT (${at}::timestamptz AT TIME ZONE m.time_zone)::date AS day,
                 date_trunc('week', ${at}::timestamptz AT TIME ZONE m.time_zone)::date AS week,
                 date_trunc('month', ${at}::timestamptz AT TIME ZONE m.time_zone)::date AS month, m.time_zone
            FROM merchants m WHERE m.id = ${member.merchantId}
        ), r AS (
          SELECT (g.started_at AT TIME ZONE k.time_zone)::date AS local_day, g.stake_minor, g.win_minor, k.*
            FROM k JOIN game_rounds g ON g.member_id = ${member.memberId}
             AND g.started_at >= (least(k.week, k.month)::timestamp AT TIME ZONE k.time_zone)
             AND g.status <> 'cancelled'
        )
        SELECT coalesce(sum(stake_minor) FILTER (WHERE local_day >= day), 0) AS dw,
               coalesce(sum(stake_minor - win_minor) FILTER (WHERE local_day >= day), 0) AS dl,
               coalesce(sum(stake_minor) FILTER (WHERE local_day >= week), 0) AS ww,
               coalesce(sum(stake_minor - win_minor) FILTER (WHERE local_day >= week), 0) AS wl,
               coalesce(sum(stake_minor) FILTER (WHERE local_day >= month), 0) AS mw,
               coalesce(sum(stake_minor - win_minor) FILTER (WHERE local_day >= month), 0) AS ml
          FROM r`,
  );
  return {
    dayWagered: toNumber(row?.['dw'] ?? 0),
    dayLoss: toNumber(row?.['dl'] ?? 0),
    weekWagered: toNumber(row?.['ww'] ?? 0),
    weekLoss: toNumber(row?.['wl'] ?? 0),
    monthWagered: toNumber(row?.['mw'] ?? 0),
    monthLoss: toNumber(row?.['ml'] ?? 0),
  };
}

export async function updateLimit(
  tx: Executor,
  memberId: number,
  key: ProtectionLimitKey,
  value: number | null,
): Promise<void> {
  await query(
    tx,
    sql`UPDATE member_protection SET ${sql.raw(COLUMNS[key])} = ${value}, updated_at = now()
         WHERE member_id = ${memberId}`,
  );
}

export interface PendingRow {
  key: ProtectionLimitKey;
  value: number | null;
  effectiveAt: Date;
}

export async function findPending(db: Executor, memberId: number): Promise<PendingRow[]> {
  const rows = await query<{ limit_key: string; value: unknown; effective_at: unknown }>(
    db,
    sql`SELECT limit_key, value, effective_at FROM member_protection_pending WHERE member_id = ${memberId}`,
  );
  return rows.map((row) => ({
    key: row.limit_key as ProtectionLimitKey,
    value: nullableNumber(row.value),
    effectiveAt: new Date(toIso(row.effective_at)),
  }));
}

export async function upsertPending(
  tx: Executor,
  memberId: number,
  pending: { key: ProtectionLimitKey; value: number | null; requestedAt: Date; effectiveAt: Date },
): Promise<void> {
  await query(
    tx,
    sql`INSERT INTO member_protection_pending (member_id, limit_key, value, requested_at, effective_at)
        VALUES (${memberId}, ${pending.key}, ${pending.value}, ${pending.requestedAt.toISOString()}::timestamptz,
                ${pending.effectiveAt.toISOString()}::timestamptz)
        ON CONFLICT (member_id, limit_key) DO UPDATE SET value = EXCLUDED.value,
          requested_at = EXCLUDED.requested_at, effective_at = EXCLUDED.effective_at`,
  );
}

/** Deletes a pending change; answers whether there was one. */
export async function deletePending(tx: Executor, memberId: number, key: ProtectionLimitKey): Promise<boolean> {
  const rows = await query(
    tx,
    sql`DELETE FROM member_protection_pending WHERE member_id = ${memberId} AND limit_key = ${key} RETURNING 1 AS x`,
  );
  return rows.length > 0;
}

/** Members with a pending change due at `now`, at most `limit` (member_protection_pending_due_idx). */
export async function findMembersWithDuePending(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await query<{ member_id: unknown }>(
    db,
    sql`SELECT DISTINCT member_id FROM (
          SELECT member_id FROM member_protection_pending WHERE effective_at <= ${now.toISOString()}::timestamptz
           ORDER BY effective_at LIMIT ${limit}) due`,
  );
  return rows.map((row) => toNumber(row.member_id));
}

export interface HistoryInput {
  memberId: number;
  merchantId: number;
  at: Date;
  key: string;
  action: string;
  before: number | null;
  after: number | null;
  effectiveAt: Date;
  actor: string;
}

export async function insertHistory(tx: Executor, entry: HistoryInput): Promise<void> {
  await query(
    tx,
    sql`INSERT INTO member_protection_history (member_id, merchant_id, at, limit_key, action, before_value, after_value,
                                               effective_at, actor)
        VALUES (${entry.memberId}, ${entry.merchantId}, ${entry.at.toISOString()}::timestamptz, ${entry.key},
                ${entry.action}, ${entry.before}, ${entry.after}, ${entry.effectiveAt.toISOString()}::timestamptz,
                ${entry.actor})`,
  );
}

export interface HistoryRow {
  id: number;
  at: string;
  key: string;
  action: string;
  before: number | null;
  after: number | null;
  effectiveAt: string;
  actor: string;
}

export async function findHistory(db: Executor, memberId: number, limit: number): Promise<HistoryRow[]> {
  const rows = await query(
    db,
    sql`SELECT id, at, limit_key, action, before_value, after_value, effective_at, actor
          FROM member_protection_history WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: toNumber(row['id']),
    at: toIso(row['at']),
    key: String(row['limit_key']),
    action: String(row['action']),
    before: nullableNumber(row['before_value']),
    after: nullableNumber(row['after_value']),
    effectiveAt: toIso(row['effective_at']),
    actor: String(row['actor']),
  }));
}

export interface BlockRow {
  kind: ProtectionBlockKind;
  startsAt: Date;
  endsAt: Date;
}

/** The block in force at `now` that ends last, if any (member_protection_blocks_member_idx). */
export async function findActiveBlock(db: Executor, memberId: number, now: Date): Promise<BlockRow | undefined> {
  const at = now.toISOString();
  const [row] = await query<{ kind: string; starts_at: unknown; ends_at: unknown }>(
    db,
    sql`SELECT kind, starts_at, ends_at FROM member_protection_blocks
         WHERE member_id = ${memberId} AND ends_at > ${at}::timestamptz AND starts_at <= ${at}::timestamptz
         ORDER BY ends_at DESC LIMIT 1`,
  );
  return row
    ? {
        kind: row.kind as ProtectionBlockKind,
        startsAt: new Date(toIso(row.starts_at)),
        endsAt: new Date(toIso(row.ends_at)),
      }
    : undefined;
}

export async function insertBlock(
  tx: Executor,
  block: {
    memberId: number;
    merchantId: number;
    kind: ProtectionBlockKind;
    startsAt: Date;
    endsAt: Date;
    actor: string;
  },
): Promise<void> {
  await query(
    tx,
    sql`INSERT INTO member_protection_blocks (member_id, merchant_id, kind, starts_at, ends_at, actor)
        VALUES (${block.memberId}, ${block.merchantId}, ${block.kind}, ${block.startsAt.toISOString()}::timestamptz,
                ${block.endsAt.toISOString()}::timestamptz, ${block.actor})`,
  );
}

/** Locks the member's row of members for a block, so two blocks at once are decided one after the other. */
export async function lockMember(tx: Executor, memberId: number, merchantId: number): Promise<boolean> {
  const rows = await query(
    tx,
    sql`SELECT id FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId} AND NOT is_free_play FOR UPDATE`,
  );
  return rows.length > 0;
}

/**
 * The member's deposits (the ledger's `deposit` movements) since the start of the brand's day, ISO week and month
 * at `now` (wallet_movements_member_kind_time_idx).
 */
export async function sumDeposits(
  db: Executor,
  memberId: number,
  timeZone: string,
  now: Date,
): Promise<{ day: number; week: number; month: number }> {
  const at = now.toISOString();
  const [row] = await query(
    db,
    sql`WITH k AS (
          SELECT date_trunc('day', ${at}::timestamptz, ${timeZone}) AS day,
                 date_trunc('week', ${at}::timestamptz, ${timeZone}) AS week,
                 date_trunc('month', ${at}::timestamptz, ${timeZone}) AS month
        )
        SELECT coalesce(sum(m.amount_minor) FILTER (WHERE m.created_at >= k.day), 0) AS day,
               coalesce(sum(m.amount_minor) FILTER (WHERE m.created_at >= k.week), 0) AS week,
               coalesce(sum(m.amount_minor) FILTER (WHERE m.created_at >= k.month), 0) AS month
          FROM k LEFT JOIN wallet_movements m ON m.member_id = ${memberId} AND m.kind = 'deposit'
           AND m.created_at >= least(k.week, k.month)
         GROUP BY k.day, k.week, k.month`,
  );
  return { day: toNumber(row?.['day'] ?? 0), week: toNumber(row?.['week'] ?? 0), month: toNumber(row?.['month'] ?? 0) };
}

/** Stakes and wins of the member's rounds started since `since` (game_rounds_member_started_idx). */
export async function sumPlaySince(
  db: Executor,
  memberId: number,
  since: Date,
): Promise<{ stake: number; win: number }> {
  const [row] = await query(
    db,
    sql`SELECT coalesce(sum(stake_minor), 0) AS stake, coalesce(sum(win_minor), 0) AS win FROM game_rounds
         WHERE member_id = ${memberId} AND started_at >= ${since.toISOString()}::timestamptz`,
  );
  return { stake: toNumber(row?.['stake'] ?? 0), win: toNumber(row?.['win'] ?? 0) };
}

/** The brand's currency when the member is one of its real (not free-play) members; undefined otherwise. */
export async function findBrandMemberCurrency(
  db: Executor,
  memberId: number,
  merchantId: number,
): Promise<{ currency: string; currencyExponent: number } | undefined> {
  const [row] = await query<{ currency: string; currency_exponent: unknown }>(
    db,
    sql`SELECT b.currency, b.currency_exponent FROM members m JOIN merchants b ON b.id = m.merchant_id
         WHERE m.id = ${memberId} AND m.merchant_id = ${merchantId} AND NOT m.is_free_play`,
  );
  return row ? { currency: row.currency, currencyExponent: toNumber(row.currency_exponent) } : undefined;
}
