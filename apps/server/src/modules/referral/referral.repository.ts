import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface ReferralCounts {
  total: number;
  thisMonth: number;
  played: number;
}

export interface ReferredMemberRow {
  id: number;
  account: string;
  registeredAt: string;
  hasPlayed: boolean;
}

/** The member's own invite code, or null when the account has none yet. */
export async function findInviteCode(db: Executor, merchantId: number, memberId: number): Promise<string | null> {
  const rows = await query<{ code: string | null }>(
    db,
    sql`SELECT invite_code AS code FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId}`,
  );
  return rows[0]?.code ?? null;
}

/** Gives the member a code when it has none; false when another account holds that code already. */
export async function setInviteCodeIfMissing(
  db: Executor,
  merchantId: number,
  memberId: number,
  code: string,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE members SET invite_code = ${code}
        WHERE id = ${memberId} AND merchant_id = ${merchantId} AND invite_code IS NULL
          AND NOT EXISTS (SELECT 1 FROM members o WHERE o.merchant_id = ${merchantId} AND upper(o.invite_code) = ${code})
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * How many members of the brand name this member as inviter; of them, how many registered since the start of the
 * month `now` falls in (in the brand's time zone) and how many have a round (index members_referrer_idx, then
 * game_rounds_member_idx for each).
 */
export async function countReferred(
  db: Executor,
  merchantId: number,
  referrerId: number,
  month: { now: Date; timeZone: string },
): Promise<ReferralCounts> {
  const [row] = await query<{ total: unknown; this_month: unknown; played: unknown }>(
    db,
    sql`SELECT count(*) AS total,
               count(*) FILTER (
                 WHERE m.created_at >= date_trunc('month', ${month.now.toISOString()}::timestamptz, ${month.timeZone})
               ) AS this_month,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM game_rounds r WHERE r.member_id = m.id)) AS played
        FROM members m
        WHERE m.referrer_id = ${referrerId} AND m.merchant_id = ${merchantId}`,
  );
  return {
    total: toNumber(row?.total ?? 0),
    thisMonth: toNumber(row?.this_month ?? 0),
    played: toNumber(row?.played ?? 0),
  };
}

/** One page of the members this member invited, newest first, before `beforeId` when given. */
export async function findReferred(
  db: Executor,
  merchantId: number,
  referrerId: number,
  options: { beforeId: number | null; limit: number },
): Promise<ReferredMemberRow[]> {
  const rows = await query<{ id: unknown; account: string; created_at: unknown; has_played: boolean }>(
    db,
    sql`SELECT m.id, m.account, m.created_at,
               EXISTS (SELECT 1 FROM game_rounds r WHERE r.member_id = m.id) AS has_played
        FROM members m
        WHERE m.referrer_id = ${referrerId} AND m.merchant_id = ${merchantId}
          ${options.beforeId === null ? sql`` : sql`AND m.id < ${options.beforeId}`}
        ORDER BY m.id DESC
        LIMIT ${options.limit}`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    account: row.account,
    registeredAt: toIso(row.created_at),
    hasPlayed: row.has_played,
  }));
}
