import type { PointConfig, PointEntryType, PointPeriod, PointRates } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

export interface PointConfigRow extends PointConfig {
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The specification's rates (docs/product/constants.md#point-rates) for a brand that has saved none. */
export const DEFAULT_POINT_RATES: PointRates = {
  LIVE: 7000,
  SPORTS: 10000,
  FISH: 12000,
  RNG: 12000,
  PVP: 10000,
  LOTTERY: null,
  ESPORTS: null,
};

export const DEFAULT_POINT_CONFIG: PointConfigRow = {
  enabled: true,
  rates: DEFAULT_POINT_RATES,
  depositRateBp: null,
  period: 'monthly',
  conversionMinorPerPoint: 0,
  conversionMinPointsMinor: 0,
  version: 0,
  updatedAt: null,
  updatedBy: null,
};

function toRates(value: unknown): PointRates {
  const stored = (value ?? {}) as Record<string, unknown>;
  const rates = { ...DEFAULT_POINT_RATES };
  for (const key of Object.keys(rates) as (keyof PointRates)[]) {
    const rate = stored[key];
    rates[key] = typeof rate === 'number' ? rate : null;
  }
  return rates;
}

export async function findConfig(db: Executor, merchantId: number): Promise<PointConfigRow> {
  const rows = await query<Record<string, unknown>>(
    db,
    // Who saved last, as the audit trail's actor text (`operator:<id>`, `cli:<user>`): an operator by their login.
    sql`SELECT c.enabled, c.rates, c.deposit_rate_bp, c.period, c.conversion_minor_per_point,
               c.conversion_min_points_minor, c.version, c.updated_at, coalesce(o.login, c.updated_by) AS updated_by
        FROM point_configs c
        LEFT JOIN operators o ON c.updated_by = 'operator:' || o.id
        WHERE c.merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  if (!row) return DEFAULT_POINT_CONFIG;
  return {
    enabled: row['enabled'] === true,
    rates: toRates(row['rates']),
    depositRateBp: row['deposit_rate_bp'] === null ? null : toNumber(row['deposit_rate_bp']),
    period: row['period'] as PointPeriod,
    conversionMinorPerPoint: toNumber(row['conversion_minor_per_point']),
    conversionMinPointsMinor: toNumber(row['conversion_min_points_minor']),
    version: toNumber(row['version']),
    updatedAt: row['updated_at'] ? toIso(row['updated_at']) : null,
    updatedBy: (row['updated_by'] as string | null) ?? null,
  };
}

/** Writes the brand's configuration if it is still at `version`; the new version, or undefined when stale. */
export async function saveConfig(
  db: Executor,
  merchantId: number,
  config: PointConfig,
  version: number,
  updatedBy: string,
): Promise<number | undefined> {
  const values = sql`${config.enabled}, ${JSON.stringify(config.rates)}::jsonb, ${config.depositRateBp},
    ${config.period}, ${config.conversionMinorPerPoint}, ${config.conversionMinPointsMinor}, ${updatedBy}`;
  const rows = await query<{ version: unknown }>(
    db,
    version === 0
      ? sql`INSERT INTO point_configs (merchant_id, enabled, rates, deposit_rate_bp, period, conversion_minor_per_point,
              conversion_min_points_minor, updated_by, version)
            VALUES (${merchantId}, ${values}, 1)
            ON CONFLICT (merchant_id) DO NOTHING RETURNING version`
      : sql`UPDATE point_configs SET (enabled, rates, deposit_rate_bp, period, conversion_minor_per_point,
              conversion_min_points_minor, updated_by) = (${values}),
              version = version + 1, updated_at = now()
            WHERE merchant_id = ${merchantId} AND version = ${version} RETURNING version`,
  );
  return rows[0] ? toNumber(rows[0].version) : undefined;
}

export interface PointEntryRow {
  id: number;
  merchantId: number;
  memberId: number;
  type: PointEntryType;
  pointsMinor: number;
  balanceAfterPointsMinor: number;
  idempotencyKey: string;
  ref: string | null;
  reason: string | null;
  createdAt: string;
}

function toEntry(row: Record<string, unknown>): PointEntryRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    type: row['type'] as PointEntryType,
    pointsMinor: toNumber(row['points_minor']),
    balanceAfterPointsMinor: toNumber(row['balance_after_points_minor']),
    idempotencyKey: row['idempotency_key'] as string,
    ref: (row['ref'] as string | null) ?? null,
    reason: (row['reason'] as string | null) ?? null,
    createdAt: toIso(row['created_at']),
  };
}

/**
 * Makes sure the member has an account and locks it for the rest of the transaction: every write of a member's
 * points goes through this lock, so a key is checked and a balance read by one writer at a time. The balance.
 */
export async function lockAccount(db: Executor, merchantId: number, memberId: number): Promise<number> {
  await query(
    db,
    sql`INSERT INTO point_accounts (member_id, merchant_id) VALUES (${memberId}, ${merchantId})
        ON CONFLICT (member_id) DO NOTHING`,
  );
  const rows = await query<{ balance_points_minor: unknown }>(
    db,
    sql`SELECT balance_points_minor FROM point_accounts WHERE member_id = ${memberId} FOR UPDATE`,
  );
  return toNumber(rows[0]?.balance_points_minor);
}

export async function findEntryByKey(db: Executor, idempotencyKey: string): Promise<PointEntryRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM point_entries WHERE idempotency_key = ${idempotencyKey}`,
  );
  return rows[0] ? toEntry(rows[0]) : undefined;
}

export interface NewEntry {
  merchantId: number;
  memberId: number;
  type: PointEntryType;
  pointsMinor: number;
  idempotencyKey: string;
  ref?: string | undefined;
  reason?: string | undefined;
  createdBy?: string | undefined;
}

/** Moves the locked account's balance by the entry and writes the entry with the balance after it. */
export async function writeEntry(db: Executor, entry: NewEntry): Promise<PointEntryRow> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`WITH account AS (
          UPDATE point_accounts SET balance_points_minor = balance_points_minor + ${entry.pointsMinor}, updated_at = now()
          WHERE member_id = ${entry.memberId} RETURNING balance_points_minor
        )
        INSERT INTO point_entries (merchant_id, member_id, type, points_minor, balance_after_points_minor,
          idempotency_key, ref, reason, created_by)
        SELECT ${entry.merchantId}, ${entry.memberId}, ${entry.type}, ${entry.pointsMinor}, balance_points_minor,
          ${entry.idempotencyKey}, ${entry.ref ?? null}, ${entry.reason ?? null}, ${entry.createdBy ?? null}
        FROM account
        RETURNING *`,
  );
  const row = rows[0];
  if (!row) throw new Error(`no point account for member ${entry.memberId}`);
  return toEntry(row);
}

export async function findBalance(db: Executor, memberId: number): Promise<number> {
  const rows = await query<{ balance_points_minor: unknown }>(
    db,
    sql`SELECT balance_points_minor FROM point_accounts WHERE member_id = ${memberId}`,
  );
  return rows[0] ? toNumber(rows[0].balance_points_minor) : 0;
}

/** Days of the brand, both included: `from`..`to` (YYYY-MM-DD) in its time zone. */
export interface DayPeriod {
  from: string;
  to: string;
  timeZone: string;
}

function inPeriod(period: DayPeriod) {
  return sql`AND created_at >= (${period.from}::date::timestamp AT TIME ZONE ${period.timeZone})
             AND created_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone})`;
}

/** Points earned (rounds and deposits) in a period of the brand's days. */
export async function sumEarned(db: Executor, memberId: number, period: DayPeriod): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(points_minor), 0) AS total FROM point_entries
        WHERE member_id = ${memberId} ${inPeriod(period)}
          AND type IN ('live', 'slots', 'fish', 'sports', 'pvp', 'lottery', 'esports', 'deposit')`,
  );
  return toNumber(rows[0]?.total);
}

export interface EntryFilter {
  memberId: number;
  type?: PointEntryType | undefined;
  period?: DayPeriod | undefined;
  /** Entries with an id below this (keyset, newest first). */
  beforeId?: number | undefined;
  limit: number;
}

/** A member's entries, newest first. */
export async function findEntries(db: Executor, filter: EntryFilter): Promise<PointEntryRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM point_entries
        WHERE member_id = ${filter.memberId}
          ${filter.type ? sql`AND type = ${filter.type}` : sql``}
          ${filter.period ? inPeriod(filter.period) : sql``}
          ${filter.beforeId === undefined ? sql`` : sql`AND id < ${filter.beforeId}`}
        ORDER BY id DESC
        LIMIT ${filter.limit}`,
  );
  return rows.map(toEntry);
}

/** The member's login on the brand; undefined when the brand has no such member. */
export async function findMemberAccount(
  db: Executor,
  merchantId: number,
  memberId: number,
): Promise<string | undefined> {
  const rows = await query<{ account: string }>(
    db,
    sql`SELECT account FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId}`,
  );
  return rows[0]?.account;
}

/**
 * The accrual of a feed batch (after, last], in one statement (decision 0044): each round earns
 * floor(valid bet × rate × 100 / (10 000 × 10^exponent)) points minor at its brand's rate for its category, each
 * credited deposit the same at the deposit rate; the batch writes one entry per member and type (keyed by the
 * batch and the member, so a repeat fails loudly rather than count twice), and moves each account once, under its
 * row lock, so a debit committed meanwhile is counted in the balance after. Returns the entries written.
 */
export async function accrueBatch(db: Executor, after: FeedPosition, last: FeedPosition): Promise<number> {
  const defaults = JSON.stringify(DEFAULT_POINT_RATES);
  const rows = await query<{ written: unknown }>(
    db,
    sql`WITH earned AS (
          SELECT f.merchant_id, f.member_id,
                 CASE WHEN f.kind = 'deposit' THEN 'deposit'
                      ELSE CASE coalesce(g.game_type, '')
                        WHEN 'LIVE' THEN 'live' WHEN 'SPORTS' THEN 'sports' WHEN 'FISH' THEN 'fish'
                        WHEN 'RNG' THEN 'slots' WHEN 'PVP' THEN 'pvp' WHEN 'LOTT' THEN 'lottery'
                        WHEN 'ELOTT' THEN 'lottery' WHEN 'ESPORTS' THEN 'esports' END
                 END AS type,
                 floor(
                   (CASE WHEN f.kind = 'deposit' THEN f.amount_minor ELSE f.valid_bet_minor END)::numeric
                   * coalesce(CASE WHEN f.kind = 'deposit' THEN c.deposit_rate_bp
                     ELSE (coalesce(c.rates, ${defaults}::jsonb) ->> (CASE coalesce(g.game_type, '')
                       WHEN 'LOTT' THEN 'LOTTERY' WHEN 'ELOTT' THEN 'LOTTERY' ELSE g.game_type END))::integer END, 0)
                   * 100 / (10000 * power(10::numeric, m.currency_exponent))
                 )::bigint AS points
          FROM settlement_feed f
          JOIN merchants m ON m.id = f.merchant_id
          LEFT JOIN point_configs c ON c.merchant_id = f.merchant_id
          LEFT JOIN games g ON g.id = f.game_id
          WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
            AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)
            AND f.kind IN ('round', 'deposit')
            AND coalesce(c.enabled, true)
        ),
        sums AS (
          SELECT merchant_id, member_id, type, sum(points)::bigint AS points
          FROM earned WHERE type IS NOT NULL AND points > 0
          GROUP BY merchant_id, member_id, type
        ),
        totals AS (
          SELECT merchant_id, member_id, sum(points)::bigint AS total FROM sums GROUP BY merchant_id, member_id
        ),
        accounts AS (
          INSERT INTO point_accounts AS a (member_id, merchant_id, balance_points_minor)
          SELECT member_id, merchant_id, total FROM totals ORDER BY member_id
          ON CONFLICT (member_id) DO UPDATE
            SET balance_points_minor = a.balance_points_minor + EXCLUDED.balance_points_minor, updated_at = now()
          RETURNING member_id, balance_points_minor
        ),
        written AS (
          INSERT INTO point_entries (merchant_id, member_id, type, points_minor, balance_after_points_minor,
            idempotency_key, ref)
          SELECT s.merchant_id, s.member_id, s.type, s.points,
                 a.balance_points_minor - t.total
                   + sum(s.points) OVER (PARTITION BY s.member_id ORDER BY s.type),
                 'feed:' || ${last.xid} || ':' || ${last.id} || ':' || s.member_id || ':' || s.type,
                 'feed:' || ${last.xid} || ':' || ${last.id}
          FROM sums s
          JOIN totals t ON t.member_id = s.member_id
          JOIN accounts a ON a.member_id = s.member_id
          ORDER BY s.member_id, s.type
          RETURNING 1
        )
        SELECT count(*) AS written FROM written`,
  );
  return toNumber(rows[0]?.written);
}
