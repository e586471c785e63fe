import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Sets a brand's daily cap on a vendor's promotion and tournament credits; answers the cap it replaced, or
 * undefined when the brand has no such vendor.
 */
/**
 * Sets a brand's cap on a vendor's promotion credits and moves the brand's offer of the vendor to its next
 * version (merchant_vendors.version), if that is still `expectedVersion` (any, when undefined). Answers the cap
 * before and the new version; undefined when the brand has no such vendor or its offer changed since.
 */
export async function updatePromotionCap(
  db: Executor,
  merchantId: number,
  vendorId: number,
  capMinor: number,
  expectedVersion?: number,
): Promise<{ beforeMinor: number; version: number } | undefined> {
  const rows = await query<{ before_minor: unknown; version: unknown }>(
    db,
    sql`UPDATE merchant_vendors mv SET promotion_cap_minor = ${capMinor}, version = mv.version + 1
          FROM merchant_vendors old
         WHERE old.merchant_id = mv.merchant_id AND old.vendor_id = mv.vendor_id
           AND mv.merchant_id = ${merchantId} AND mv.vendor_id = ${vendorId}
           AND (${expectedVersion ?? null}::integer IS NULL OR mv.version = ${expectedVersion ?? null}::integer)
        RETURNING old.promotion_cap_minor AS before_minor, mv.version`,
  );
  const row = rows[0];
  return row === undefined ? undefined : { beforeMinor: toNumber(row.before_minor), version: toNumber(row.version) };
}

/** Whether the brand has the vendor at all (a refused cap: unknown vendor, or changed since opened). */
export async function hasBrandVendor(db: Executor, merchantId: number, vendorId: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`SELECT 1 AS found FROM merchant_vendors WHERE merchant_id = ${merchantId} AND vendor_id = ${vendorId}`,
  );
  return rows.length > 0;
}

export interface PromotionDay {
  capMinor: number;
  /** The brand's day (YYYY-MM-DD in its time zone): today unless asked for another. */
  day: string;
  timeZone: string;
  paidMinor: number;
  credits: number;
}

/** A brand's cap on a vendor's promotion credits and what they paid on a day; undefined: no such vendor. */
export async function findPromotionDay(
  db: Executor,
  merchantId: number,
  vendorId: number,
  day: string | undefined,
): Promise<PromotionDay | undefined> {
  const rows = await query<{
    cap_minor: unknown;
    day: string;
    time_zone: string;
    paid_minor: unknown;
    credits: unknown;
  }>(
    db,
    sql`SELECT mv.promotion_cap_minor AS cap_minor, brand.day::text AS day, mer.time_zone,
               coalesce(d.paid_minor, 0) AS paid_minor, coalesce(d.credits, 0) AS credits
        FROM merchant_vendors mv
        JOIN merchants mer ON mer.id = mv.merchant_id
        CROSS JOIN LATERAL (SELECT coalesce(${day ?? null}::date, (now() AT TIME ZONE mer.time_zone)::date) AS day) brand
        LEFT JOIN vendor_promotion_days d
          ON d.merchant_id = mv.merchant_id AND d.vendor_id = mv.vendor_id AND d.day = brand.day
        WHERE mv.merchant_id = ${merchantId} AND mv.vendor_id = ${vendorId}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    capMinor: toNumber(row.cap_minor),
    day: row.day,
    timeZone: row.time_zone,
    paidMinor: toNumber(row.paid_minor),
    credits: toNumber(row.credits),
  };
}

export interface PromotionCreditRow {
  id: number;
  createdAt: Date;
  account: string;
  creditType: 'promotion' | 'tournament';
  amountMinor: number;
  currency: string;
  transactionId: string;
  roundId: string;
}

/** The promotion and tournament credits a vendor paid a brand's members on a day, in the order they came. */
export async function findPromotionCredits(
  db: Executor,
  merchantId: number,
  vendorId: number,
  day: string,
  limit: number,
  afterId?: number,
): Promise<PromotionCreditRow[]> {
  const rows = await query<{
    id: unknown;
    created_at: unknown;
    account: string;
    credit_type: 'promotion' | 'tournament';
    amount_minor: unknown;
    currency: string;
    transaction_id: string;
    round_id: string;
  }>(
    db,
    sql`SELECT p.id, p.created_at, m.account, p.credit_type, p.amount_minor, p.currency, p.transaction_id, p.round_id
        FROM vendor_promotion_credits p JOIN members m ON m.id = p.member_id
        WHERE p.merchant_id = ${merchantId} AND p.vendor_id = ${vendorId} AND p.day = ${day}::date
          ${afterId === undefined ? sql`` : sql`AND p.id > ${afterId}`}
        ORDER BY p.id LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    account: row.account,
    creditType: row.credit_type,
    amountMinor: toNumber(row.amount_minor),
    currency: row.currency,
    transactionId: row.transaction_id,
    roundId: row.round_id,
  }));
}
