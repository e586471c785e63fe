import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Sets a brand's daily cap on a vendor's promotion and tournament credits; answers the cap it replaced, or
 * undefined when the brand has no such vendor.
 */
export async function updatePromotionCap(
  db: Executor,
  merchantId: number,
  vendorId: number,
  capMinor: number,
): Promise<number | undefined> {
  const rows = await query<{ before_minor: unknown }>(
    db,
    sql`UPDATE merchant_vendors mv SET promotion_cap_minor = ${capMinor}
          FROM merchant_vendors old
         WHERE old.merchant_id = mv.merchant_id AND old.vendor_id = mv.vendor_id
           AND mv.merchant_id = ${merchantId} AND mv.vendor_id = ${vendorId}
        RETURNING old.promotion_cap_minor AS before_minor`,
  );
  return rows[0] === undefined ? undefined : toNumber(rows[0].before_minor);
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
): Promise<PromotionCreditRow[]> {
  const rows = await query<{
    created_at: unknown;
    account: string;
    credit_type: 'promotion' | 'tournament';
    amount_minor: unknown;
    currency: string;
    transaction_id: string;
    round_id: string;
  }>(
    db,
    sql`SELECT p.created_at, m.account, p.credit_type, p.amount_minor, p.currency, p.transaction_id, p.round_id
        FROM vendor_promotion_credits p JOIN members m ON m.id = p.member_id
        WHERE p.merchant_id = ${merchantId} AND p.vendor_id = ${vendorId} AND p.day = ${day}::date
        ORDER BY p.id LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    account: row.account,
    creditType: row.credit_type,
    amountMinor: toNumber(row.amount_minor),
    currency: row.currency,
    transactionId: row.transaction_id,
    roundId: row.round_id,
  }));
}
