import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// Transfers between a member and its upline or downline (decisions 0043, 0062): member_transfers (one row a transfer,
// its wallet movement's), and the brand's limits for both directions.

/** Which way a transfer goes: a member to its upline, or an agent to a member of its downline. */
export type TransferDirection = 'upline' | 'downline';

/** How deep an agent may send: to its whole downline, or to its direct members only. */
export type DownlineScope = 'any' | 'direct';

export interface SenderRow {
  id: number;
  account: string;
  upline: { id: number; account: string; nickname: string | null; merchantId: number; status: string } | null;
}

/** The member and the member's upline (members.upline_id), whatever brand the upline is of: the caller checks. */
export async function findSender(db: Executor, merchantId: number, memberId: number): Promise<SenderRow | undefined> {
  const rows = await query<{
    id: unknown;
    account: string;
    upline_id: unknown;
    upline_account: string | null;
    upline_nickname: string | null;
    upline_merchant_id: unknown;
    upline_status: string | null;
  }>(
    db,
    sql`SELECT m.id, m.account, u.id AS upline_id, u.account AS upline_account, u.nickname AS upline_nickname,
               u.merchant_id AS upline_merchant_id, u.status AS upline_status
        FROM members m LEFT JOIN members u ON u.id = m.upline_id
        WHERE m.id = ${memberId} AND m.merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    account: row.account,
    upline:
      row.upline_id === null
        ? null
        : {
            id: toNumber(row.upline_id),
            account: row.upline_account ?? '',
            nickname: row.upline_nickname,
            merchantId: toNumber(row.upline_merchant_id),
            status: row.upline_status ?? '',
          },
  };
}

/**
 * Holds the sender's member row until the transaction ends: two transfers of one member run one after the other, so
 * the daily total each reads includes the other's.
 */
export async function lockSender(db: Executor, memberId: number): Promise<void> {
  await query(db, sql`SELECT id FROM members WHERE id = ${memberId} FOR UPDATE`);
}

export interface LimitsRow {
  minMinor: number;
  maxMinor: number;
  dailyMaxMinor: number;
}

export async function findLimits(
  db: Executor,
  merchantId: number,
): Promise<(LimitsRow & { downlineScope: DownlineScope }) | undefined> {
  const rows = await query<{
    min_minor: unknown;
    max_minor: unknown;
    daily_max_minor: unknown;
    downline_scope: string;
  }>(
    db,
    sql`SELECT min_minor, max_minor, daily_max_minor, downline_scope FROM member_transfer_limits
        WHERE merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return row
    ? {
        minMinor: toNumber(row.min_minor),
        maxMinor: toNumber(row.max_minor),
        dailyMaxMinor: toNumber(row.daily_max_minor),
        downlineScope: row.downline_scope === 'direct' ? 'direct' : 'any',
      }
    : undefined;
}

/** Saves the brand's limits (both directions); the downline scope stays as it is unless given. */
export async function saveLimits(
  db: Executor,
  merchantId: number,
  limits: LimitsRow & { downlineScope?: DownlineScope },
): Promise<void> {
  const scope = limits.downlineScope ?? null;
  await query(
    db,
    sql`INSERT INTO member_transfer_limits (merchant_id, min_minor, max_minor, daily_max_minor, downline_scope)
        VALUES (${merchantId}, ${limits.minMinor}, ${limits.maxMinor}, ${limits.dailyMaxMinor}, coalesce(${scope}, 'any'))
        ON CONFLICT (merchant_id) DO UPDATE SET min_minor = EXCLUDED.min_minor, max_minor = EXCLUDED.max_minor,
          daily_max_minor = EXCLUDED.daily_max_minor,
          downline_scope = coalesce(${scope}, member_transfer_limits.downline_scope), updated_at = now()`,
  );
}

/** What the member sent in one direction since `since` (the start of the brand's day). */
export async function sumSentSince(
  db: Executor,
  memberId: number,
  since: Date,
  direction: TransferDirection,
): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM member_transfers
        WHERE from_member_id = ${memberId} AND direction = ${direction}
          AND created_at >= ${since.toISOString()}::timestamptz`,
  );
  return toNumber(rows[0]?.total ?? 0);
}

/** The start of the day `now` falls in, in the time zone. */
export async function startOfDay(db: Executor, now: Date, timeZone: string): Promise<Date> {
  const rows = await query<{ at: unknown }>(
    db,
    sql`SELECT date_trunc('day', ${now.toISOString()}::timestamptz, ${timeZone}) AS at`,
  );
  return new Date(toIso(rows[0]?.at));
}

export interface TransferRow {
  movementId: number;
  toMemberId: number;
  amountMinor: number;
  currency: string;
  createdAt: string;
}

export async function findByRequest(
  db: Executor,
  memberId: number,
  requestId: string,
): Promise<TransferRow | undefined> {
  const rows = await query<{
    movement_id: unknown;
    to_member_id: unknown;
    amount_minor: unknown;
    currency: string;
    created_at: unknown;
  }>(
    db,
    sql`SELECT movement_id, to_member_id, amount_minor, currency, created_at FROM member_transfers
        WHERE from_member_id = ${memberId} AND request_id = ${requestId}`,
  );
  const row = rows[0];
  return row
    ? {
        movementId: toNumber(row.movement_id),
        toMemberId: toNumber(row.to_member_id),
        amountMinor: toNumber(row.amount_minor),
        currency: row.currency,
        createdAt: toIso(row.created_at),
      }
    : undefined;
}

export async function insertTransfer(
  db: Executor,
  row: {
    merchantId: number;
    fromMemberId: number;
    toMemberId: number;
    movementId: number;
    currency: string;
    amountMinor: number;
    requestId: string;
    direction: TransferDirection;
  },
): Promise<string> {
  const rows = await query<{ created_at: unknown }>(
    db,
    sql`INSERT INTO member_transfers (merchant_id, from_member_id, to_member_id, movement_id, currency, amount_minor,
                                      request_id, direction)
        VALUES (${row.merchantId}, ${row.fromMemberId}, ${row.toMemberId}, ${row.movementId}, ${row.currency},
                ${row.amountMinor}, ${row.requestId}, ${row.direction})
        RETURNING created_at`,
  );
  return toIso(rows[0]?.created_at);
}

/** Whether a failed statement hit the unique (sender, request id) index: a copy of the request committed first. */
export function isRequestTaken(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return candidate.constraint === 'member_transfers_request_key';
    current = candidate.cause;
  }
  return false;
}

export interface DownlineRow {
  id: number;
  account: string;
  status: string;
  /** Steps below the agent: 1 is a direct member. */
  depth: number;
}

/**
 * A member of the agent's downline (member_tree, decision 0059), of the agent's brand; undefined for anyone else: the
 * agent itself, its uplines, another agent's members, another brand's.
 */
export async function findDownlineMember(
  db: Executor,
  merchantId: number,
  agentId: number,
  memberId: number,
): Promise<DownlineRow | undefined> {
  const rows = await query<{ id: unknown; account: string; status: string; depth: unknown }>(
    db,
    sql`SELECT m.id, m.account, m.status, t.depth FROM member_tree t JOIN members m ON m.id = t.descendant_id
        WHERE t.ancestor_id = ${agentId} AND t.descendant_id = ${memberId} AND t.depth > 0
          AND m.merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return row
    ? { id: toNumber(row.id), account: row.account, status: row.status, depth: toNumber(row.depth) }
    : undefined;
}

/** The brand's downline scope; 'any' for a brand without its own limits. */
export async function findDownlineScope(db: Executor, merchantId: number): Promise<DownlineScope> {
  return (await findLimits(db, merchantId))?.downlineScope ?? 'any';
}
