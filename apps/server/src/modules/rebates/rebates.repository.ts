import type { RebatePayoutWay, RebatePeriodKind } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

/** A brand's cashback settings as stored (defaults for a brand that saved none). */
export interface RebateSettingsRow {
  enabled: boolean;
  period: RebatePeriodKind;
  autoPay: boolean;
  pendingPeriod: RebatePeriodKind | null;
  pendingFrom: string | null;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export const DEFAULT_REBATE_SETTINGS: RebateSettingsRow = {
  enabled: true,
  period: 'weekly',
  autoPay: false,
  pendingPeriod: null,
  pendingFrom: null,
  version: 0,
  updatedAt: null,
  updatedBy: null,
};

function day(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

export async function findSettings(db: Executor, merchantId: number): Promise<RebateSettingsRow> {
  const rows = await query<Record<string, unknown>>(
    db,
    // Who saved last, as the audit trail's actor text (`operator:<id>`, `cli:<user>`): an operator by their login.
    sql`SELECT s.enabled, s.period, s.auto_pay, s.pending_period, s.pending_from::text AS pending_from, s.version,
               s.updated_at, coalesce(o.login, s.updated_by) AS updated_by
        FROM rebate_settings s
        LEFT JOIN operators o ON s.updated_by = 'operator:' || o.id
        WHERE s.merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  if (!row) return DEFAULT_REBATE_SETTINGS;
  return {
    enabled: row['enabled'] === true,
    period: row['period'] as RebatePeriodKind,
    autoPay: row['auto_pay'] === true,
    pendingPeriod: (row['pending_period'] as RebatePeriodKind | null) ?? null,
    pendingFrom: row['pending_from'] ? day(row['pending_from']) : null,
    version: toNumber(row['version']),
    updatedAt: row['updated_at'] ? toIso(row['updated_at']) : null,
    updatedBy: (row['updated_by'] as string | null) ?? null,
  };
}

export interface SettingsValues {
  enabled: boolean;
  period: RebatePeriodKind;
  autoPay: boolean;
  pendingPeriod: RebatePeriodKind | null;
  pendingFrom: string | null;
}

/** Writes the brand's settings if still at `version`; the new version, or undefined when stale. */
export async function saveSettings(
  db: Executor,
  merchantId: number,
  values: SettingsValues,
  version: number,
  updatedBy: string,
): Promise<number | undefined> {
  const list = sql`${values.enabled}, ${values.period}, ${values.autoPay}, ${values.pendingPeriod},
    ${values.pendingFrom}::date, ${updatedBy}`;
  const rows = await query<{ version: unknown }>(
    db,
    version === 0
      ? sql`INSERT INTO rebate_settings (merchant_id, enabled, period, auto_pay, pending_period, pending_from,
              updated_by, version)
            VALUES (${merchantId}, ${list}, 1)
            ON CONFLICT (merchant_id) DO NOTHING RETURNING version`
      : sql`UPDATE rebate_settings SET (enabled, period, auto_pay, pending_period, pending_from, updated_by) = (${list}),
              version = version + 1, updated_at = now()
            WHERE merchant_id = ${merchantId} AND version = ${version} RETURNING version`,
  );
  return rows[0] ? toNumber(rows[0].version) : undefined;
}

/** A level's rate for a game type, of a brand: what the accrual joins a round to by the member's level. */
export interface RateRow {
  merchantId: number;
  rankLevel: number;
  gameType: string;
  bp: number;
}

/**
 * The accrual of a feed batch (after, last], in one statement (decision 0051): each settled round's valid bet, and
 * floor(valid bet × rate ÷ 10 000) at the rate of the member's level now for the round's game type, added to the
 * member's row of the round's period (by its settled time, in the brand's days and period) and game type. A brand
 * that paused cashback accrues nothing. Returns the rows written.
 */
export async function accrueBatch(
  db: Executor,
  after: FeedPosition,
  last: FeedPosition,
  rates: readonly RateRow[],
): Promise<number> {
  const rateJson = JSON.stringify(
    rates.map((rate) => ({ m: rate.merchantId, l: rate.rankLevel, t: rate.gameType, bp: rate.bp })),
  );
  const rows = await query<{ written: unknown }>(
    db,
    sql`WITH rounds AS (
          SELECT f.merchant_id, f.member_id, g.game_type, f.valid_bet_minor,
                 coalesce(r.bp, 0) AS bp,
                 (f.at AT TIME ZONE m.time_zone)::date AS local_day,
                 coalesce(s.period, 'weekly') AS set_period, s.pending_period, s.pending_from
          FROM settlement_feed f
          JOIN merchants m ON m.id = f.merchant_id
          JOIN members mem ON mem.id = f.member_id
          JOIN games g ON g.id = f.game_id
          LEFT JOIN rebate_settings s ON s.merchant_id = f.merchant_id
          LEFT JOIN jsonb_to_recordset(${rateJson}::jsonb) AS r (m bigint, l integer, t text, bp integer)
            ON r.m = f.merchant_id AND r.l = mem.rank_level AND r.t = g.game_type
          WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
            AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)
            AND f.kind = 'round'
            AND f.valid_bet_minor > 0
            AND coalesce(s.enabled, true)
        ),
        dated AS (
          SELECT merchant_id, member_id, game_type, valid_bet_minor,
                 floor(valid_bet_minor::numeric * bp / 10000)::bigint AS rebate,
                 CASE WHEN pending_from IS NOT NULL AND local_day >= pending_from THEN pending_period ELSE set_period END
                   AS kind,
                 local_day
          FROM rounds
        ),
        periods AS (
          SELECT merchant_id, member_id, game_type, valid_bet_minor, rebate,
                 CASE kind WHEN 'daily' THEN local_day
                   ELSE local_day - (extract(isodow FROM local_day)::integer - 1) END AS period_start,
                 kind
          FROM dated
        ),
        sums AS (
          SELECT member_id, period_start, game_type, merchant_id,
                 CASE min(kind) WHEN 'daily' THEN period_start ELSE period_start + 6 END AS period_end,
                 sum(valid_bet_minor)::bigint AS valid_bet, sum(rebate)::bigint AS rebate
          FROM periods
          GROUP BY member_id, period_start, game_type, merchant_id
        ),
        written AS (
          INSERT INTO rebate_accruals AS a (member_id, period_start, game_type, merchant_id, period_end,
            valid_bet_minor, rebate_minor)
          SELECT member_id, period_start, game_type, merchant_id, period_end, valid_bet, rebate FROM sums
          ORDER BY member_id, period_start, game_type
          ON CONFLICT (member_id, period_start, game_type) DO UPDATE
            SET valid_bet_minor = a.valid_bet_minor + EXCLUDED.valid_bet_minor,
                rebate_minor = a.rebate_minor + EXCLUDED.rebate_minor,
                updated_at = now()
          RETURNING 1
        )
        SELECT count(*) AS written FROM written`,
  );
  return toNumber(rows[0]?.written);
}

export interface CategoryRow {
  gameType: string;
  validBetMinor: number;
  rebateMinor: number;
}

export interface PeriodRow {
  periodStart: string;
  periodEnd: string;
  endsAt: string;
  validBetMinor: number;
  rebateMinor: number;
  categories: CategoryRow[];
}

function toPeriod(row: Record<string, unknown>): PeriodRow {
  const categories = (
    (typeof row['categories'] === 'string' ? JSON.parse(row['categories']) : row['categories']) as {
      game_type: string;
      valid_bet_minor: number | string;
      rebate_minor: number | string;
    }[]
  ).map((category) => ({
    gameType: category.game_type,
    validBetMinor: Number(category.valid_bet_minor),
    rebateMinor: Number(category.rebate_minor),
  }));
  categories.sort((a, b) => b.validBetMinor - a.validBetMinor || a.gameType.localeCompare(b.gameType));
  return {
    periodStart: day(row['period_start']),
    periodEnd: day(row['period_end']),
    endsAt: toIso(row['ends_at']),
    validBetMinor: toNumber(row['valid_bet']),
    rebateMinor: toNumber(row['rebate']),
    categories,
  };
}

/** When a period ends: the brand's midnight after its last day. */
function endsAt(timeZone: string): SQL {
  return sql`((max(a.period_end) + 1)::timestamp AT TIME ZONE ${timeZone})`;
}

const PERIOD_COLUMNS = sql`a.period_start::text AS period_start, max(a.period_end)::text AS period_end,
  sum(a.valid_bet_minor)::bigint AS valid_bet, sum(a.rebate_minor)::bigint AS rebate,
  jsonb_agg(jsonb_build_object('game_type', a.game_type, 'valid_bet_minor', a.valid_bet_minor,
    'rebate_minor', a.rebate_minor)) AS categories`;

/** The member's figures of the period starting on `periodStart`; undefined when nothing accrued in it. */
export async function findPeriod(
  db: Executor,
  memberId: number,
  periodStart: string,
  timeZone: string,
): Promise<PeriodRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${PERIOD_COLUMNS}, ${endsAt(timeZone)} AS ends_at
        FROM rebate_accruals a
        WHERE a.member_id = ${memberId} AND a.period_start = ${periodStart}::date
        GROUP BY a.period_start`,
  );
  return rows[0] ? toPeriod(rows[0]) : undefined;
}

/**
 * The member's finished, unpaid periods with a rebate, oldest first: those whose end is before `now`, each with
 * the instant it may be claimed (its end plus the grace).
 */
export async function findUnpaidFinished(
  db: Executor,
  memberId: number,
  timeZone: string,
  now: Date,
): Promise<PeriodRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${PERIOD_COLUMNS}, ${endsAt(timeZone)} AS ends_at
        FROM rebate_accruals a
        WHERE a.member_id = ${memberId}
          AND NOT EXISTS (SELECT 1 FROM rebate_payouts p WHERE p.member_id = a.member_id AND p.period_start = a.period_start)
        GROUP BY a.period_start
        HAVING sum(a.rebate_minor) > 0 AND ${endsAt(timeZone)} <= ${now.toISOString()}::timestamptz
        ORDER BY a.period_start`,
  );
  return rows.map(toPeriod);
}

export interface PayoutRow {
  id: number;
  merchantId: number;
  memberId: number;
  periodStart: string;
  periodEnd: string;
  validBetMinor: number;
  amountMinor: number;
  way: RebatePayoutWay;
  requestId: string | null;
  idempotencyKey: string;
  paidAt: string;
}

function toPayout(row: Record<string, unknown>): PayoutRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    periodStart: day(row['period_start']),
    periodEnd: day(row['period_end']),
    validBetMinor: toNumber(row['valid_bet_minor']),
    amountMinor: toNumber(row['amount_minor']),
    way: row['way'] as RebatePayoutWay,
    requestId: (row['request_id'] as string | null) ?? null,
    idempotencyKey: row['idempotency_key'] as string,
    paidAt: toIso(row['paid_at']),
  };
}

const PAYOUT_COLUMNS = sql`id, merchant_id, member_id, period_start::text AS period_start, period_end::text AS period_end,
  valid_bet_minor, amount_minor, way, request_id, idempotency_key, paid_at`;

/** The key of a period's rebate: the payout row's and its wallet movement's. */
export function payoutKey(memberId: number | SQL, periodStart: string | SQL): SQL {
  return sql`'rebate:' || ${memberId} || ':' || ${periodStart}`;
}

/**
 * Records the payouts of the finished, unpaid periods past their grace (`due`: the end plus the grace, before now),
 * of one member or of every member of a brand, at most `limit`; a period another transaction records meanwhile is
 * skipped (its unique key): each period is recorded once. The rows written, for the caller to credit.
 */
export async function recordDuePayouts(
  db: Executor,
  input: {
    merchantId: number;
    memberId?: number;
    timeZone: string;
    dueBefore: Date;
    way: RebatePayoutWay;
    requestId: string | null;
    limit: number;
  },
): Promise<PayoutRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`WITH due AS (
          SELECT a.member_id, a.period_start, max(a.period_end) AS period_end,
                 sum(a.valid_bet_minor)::bigint AS valid_bet, sum(a.rebate_minor)::bigint AS rebate
          FROM rebate_accruals a
          WHERE a.merchant_id = ${input.merchantId}
            ${input.memberId === undefined ? sql`` : sql`AND a.member_id = ${input.memberId}`}
            AND a.period_end < (${input.dueBefore.toISOString()}::timestamptz AT TIME ZONE ${input.timeZone})::date
            AND NOT EXISTS (SELECT 1 FROM rebate_payouts p
                            WHERE p.member_id = a.member_id AND p.period_start = a.period_start)
          GROUP BY a.member_id, a.period_start
          HAVING sum(a.rebate_minor) > 0
             AND ((max(a.period_end) + 1)::timestamp AT TIME ZONE ${input.timeZone})
                 <= ${input.dueBefore.toISOString()}::timestamptz
          ORDER BY a.member_id, a.period_start
          LIMIT ${input.limit}
        )
        INSERT INTO rebate_payouts (merchant_id, member_id, period_start, period_end, valid_bet_minor, amount_minor,
          way, request_id, idempotency_key)
        SELECT ${input.merchantId}, member_id, period_start, period_end, valid_bet, rebate, ${input.way},
               ${input.requestId}, ${payoutKey(sql`member_id`, sql`period_start::text`)}
        FROM due
        ORDER BY member_id, period_start
        ON CONFLICT DO NOTHING
        RETURNING ${PAYOUT_COLUMNS}`,
  );
  return rows.map(toPayout).sort((a, b) => a.memberId - b.memberId || a.periodStart.localeCompare(b.periodStart));
}

/**
 * The member's cashback paid in [from, to): its payouts' sum. Each payout is credited in the transaction that records
 * it, so its paid_at is its wallet movement's time.
 */
export async function sumPaidBetween(db: Executor, memberId: number, from: Date, to: Date): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM rebate_payouts
        WHERE member_id = ${memberId}
          AND paid_at >= ${from.toISOString()}::timestamptz AND paid_at < ${to.toISOString()}::timestamptz`,
  );
  return toNumber(rows[0]?.total ?? 0);
}

/** The payouts a member's claim with this requestId recorded (a repeat answers them). */
export async function findPayoutsOfRequest(db: Executor, memberId: number, requestId: string): Promise<PayoutRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${PAYOUT_COLUMNS} FROM rebate_payouts
        WHERE member_id = ${memberId} AND request_id = ${requestId} ORDER BY period_start`,
  );
  return rows.map(toPayout);
}

/** A member's payouts, newest first. */
export async function findMemberPayouts(db: Executor, memberId: number, limit: number): Promise<PayoutRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${PAYOUT_COLUMNS} FROM rebate_payouts WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`,
  );
  return rows.map(toPayout);
}

/** A brand's payouts with the member's login, newest first (keyset by id), optionally of one login. */
export async function findBrandPayouts(
  db: Executor,
  filter: { merchantId: number; account?: string | undefined; beforeId?: number | undefined; limit: number },
): Promise<(PayoutRow & { account: string })[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT p.id, p.merchant_id, p.member_id, p.period_start::text AS period_start,
               p.period_end::text AS period_end, p.valid_bet_minor, p.amount_minor, p.way, p.request_id,
               p.idempotency_key, p.paid_at, coalesce(m.account, '') AS account
        FROM rebate_payouts p
        LEFT JOIN members m ON m.id = p.member_id
        WHERE p.merchant_id = ${filter.merchantId}
          ${filter.account === undefined ? sql`` : sql`AND m.account = ${filter.account} AND m.merchant_id = ${filter.merchantId}`}
          ${filter.beforeId === undefined ? sql`` : sql`AND p.id < ${filter.beforeId}`}
        ORDER BY p.id DESC
        LIMIT ${filter.limit}`,
  );
  return rows.map((row) => ({ ...toPayout(row), account: String(row['account']) }));
}

/** The brands that pay their finished periods by themselves. */
export async function findAutoPayBrands(
  db: Executor,
): Promise<{ merchantId: number; timeZone: string; currency: string }[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT s.merchant_id, m.time_zone, m.currency FROM rebate_settings s JOIN merchants m ON m.id = s.merchant_id
        WHERE s.auto_pay ORDER BY s.merchant_id`,
  );
  return rows.map((row) => ({
    merchantId: toNumber(row['merchant_id']),
    timeZone: String(row['time_zone']),
    currency: String(row['currency']),
  }));
}
