import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export type MovementKind = 'vendor_debit' | 'vendor_credit' | 'vendor_rollback' | 'round_cancel' | 'adjustment';

export interface MovementInput {
  merchantId: number;
  memberId: number;
  currency: string;
  /** Always positive: debitMember takes it out of the member, creditMember puts it in. */
  amountMinor: number;
  kind: MovementKind;
  idempotencyKey: string;
  reason?: string | null;
  requestHash?: string | null;
}

export interface PostedMovement {
  movementId: number;
  accountId: number;
  balanceAfterMinor: number;
}

export async function ensureHouseAccount(db: Executor, merchantId: number, currency: string): Promise<number> {
  await query(
    db,
    sql`INSERT INTO wallet_accounts (merchant_id, owner_type, currency)
        VALUES (${merchantId}, 'house', ${currency})
        ON CONFLICT (merchant_id, currency) WHERE owner_type = 'house' DO NOTHING`,
  );
  const rows = await query<{ id: unknown }>(
    db,
    sql`SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = ${merchantId} AND currency = ${currency}`,
  );
  if (!rows[0]) throw new Error('house account missing after insert');
  return toNumber(rows[0].id);
}

/**
 * How many members of a brand hold a balance above zero, in any currency. A brand's currency may not change while
 * any does (their accounts are in the old one).
 */
export async function countMembersWithBalance(db: Executor, merchantId: number): Promise<number> {
  const rows = await query<{ members: unknown }>(
    db,
    sql`SELECT count(DISTINCT member_id) AS members FROM wallet_accounts
        WHERE merchant_id = ${merchantId} AND owner_type = 'member' AND balance_minor > 0`,
  );
  return toNumber(rows[0]?.members ?? 0);
}

export async function findMemberBalance(db: Executor, memberId: number, currency: string): Promise<number | undefined> {
  const rows = await query<{ balance_minor: unknown }>(
    db,
    sql`SELECT balance_minor FROM wallet_accounts
        WHERE owner_type = 'member' AND member_id = ${memberId} AND currency = ${currency}`,
  );
  return rows[0] ? toNumber(rows[0].balance_minor) : undefined;
}

/**
 * Takes the amount out of the member's account only if the balance covers it, and writes the movement
 * and its two entries (member -amount, house +amount) in the same statement. Undefined: not enough money.
 * The house side is the brand's house account, `houseAccountId`.
 */
export async function debitMember(
  db: Executor,
  input: MovementInput,
  houseAccountId: number,
): Promise<PostedMovement | undefined> {
  const rows = await query<{ movement_id: unknown; account_id: unknown; balance_minor: unknown }>(
    db,
    sql`WITH acc AS (
          UPDATE wallet_accounts SET balance_minor = balance_minor - ${input.amountMinor}, updated_at = now()
          WHERE owner_type = 'member' AND member_id = ${input.memberId} AND currency = ${input.currency}
            AND balance_minor >= ${input.amountMinor}
          RETURNING id, balance_minor
        ), mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason, request_hash)
          SELECT ${input.merchantId}::bigint, ${input.kind}::text, ${input.idempotencyKey}::text, ${input.memberId}::bigint,
                 ${input.currency}::text, ${-input.amountMinor}::bigint, ${input.reason ?? null}::text,
                 ${input.requestHash ?? null}::text
          FROM acc
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
          SELECT mov.id, acc.id, ${-input.amountMinor}::bigint, acc.balance_minor FROM mov, acc
          UNION ALL
          SELECT mov.id, ${houseAccountId}::bigint, ${input.amountMinor}::bigint, NULL FROM mov
        )
        SELECT mov.id AS movement_id, acc.id AS account_id, acc.balance_minor FROM mov, acc`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    movementId: toNumber(row.movement_id),
    accountId: toNumber(row.account_id),
    balanceAfterMinor: toNumber(row.balance_minor),
  };
}

/**
 * Puts the amount into the member's account (creating it), with the movement and both entries.
 * Undefined: the balance would pass Number.MAX_SAFE_INTEGER (the most an amount can be), and nothing moved.
 */
export async function creditMember(
  db: Executor,
  input: MovementInput,
  houseAccountId: number,
): Promise<PostedMovement | undefined> {
  const rows = await query<{ movement_id: unknown; account_id: unknown; balance_minor: unknown }>(
    db,
    sql`WITH acc AS (
          INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
          VALUES (${input.merchantId}, 'member', ${input.memberId}, ${input.currency}, ${input.amountMinor})
          ON CONFLICT (member_id, currency) WHERE owner_type = 'member'
          DO UPDATE SET balance_minor = wallet_accounts.balance_minor + EXCLUDED.balance_minor, updated_at = now()
          WHERE wallet_accounts.balance_minor <= ${Number.MAX_SAFE_INTEGER}::bigint - EXCLUDED.balance_minor
          RETURNING id, balance_minor
        ), mov AS (
          INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason, request_hash)
          SELECT ${input.merchantId}::bigint, ${input.kind}::text, ${input.idempotencyKey}::text, ${input.memberId}::bigint,
                 ${input.currency}::text, ${input.amountMinor}::bigint, ${input.reason ?? null}::text,
                 ${input.requestHash ?? null}::text
          FROM acc
          RETURNING id
        ), ent AS (
          INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
          SELECT mov.id, acc.id, ${input.amountMinor}::bigint, acc.balance_minor FROM mov, acc
          UNION ALL
          SELECT mov.id, ${houseAccountId}::bigint, ${-input.amountMinor}::bigint, NULL FROM mov
        )
        SELECT mov.id AS movement_id, acc.id AS account_id, acc.balance_minor FROM mov, acc`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    movementId: toNumber(row.movement_id),
    accountId: toNumber(row.account_id),
    balanceAfterMinor: toNumber(row.balance_minor),
  };
}

export interface StoredMovement {
  id: number;
  memberId: number | null;
  amountMinor: number;
  requestHash: string | null;
}

export async function findMovementByKey(db: Executor, idempotencyKey: string): Promise<StoredMovement | undefined> {
  const rows = await query<{ id: unknown; member_id: unknown; amount_minor: unknown; request_hash: string | null }>(
    db,
    sql`SELECT id, member_id, amount_minor, request_hash FROM wallet_movements WHERE idempotency_key = ${idempotencyKey}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    memberId: row.member_id === null ? null : toNumber(row.member_id),
    amountMinor: toNumber(row.amount_minor),
    requestHash: row.request_hash,
  };
}

export interface MemberRef {
  id: number;
  merchantId: number;
  account: string;
}

export async function findMemberByAccount(
  db: Executor,
  merchantId: number,
  account: string,
): Promise<MemberRef | undefined> {
  const rows = await query<{ id: unknown; merchant_id: unknown; account: string }>(
    db,
    sql`SELECT id, merchant_id, account FROM members WHERE merchant_id = ${merchantId} AND lower(account) = lower(${account})`,
  );
  const row = rows[0];
  return row ? { id: toNumber(row.id), merchantId: toNumber(row.merchant_id), account: row.account } : undefined;
}

/**
 * Whether a failed statement hit the unique index on movement keys (SQLSTATE 23505): another
 * transaction wrote a movement with the same key first. Drizzle wraps the driver's error in `cause`.
 */
export function isIdempotencyKeyTaken(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return candidate.constraint === 'wallet_movements_idempotency_key';
    current = candidate.cause;
  }
  return false;
}

/** A movement of a member's ledger as the back office lists it, with the member's balance after it. */
export interface LedgerLine {
  id: number;
  kind: MovementKind;
  amountMinor: number;
  currency: string;
  /** The member's balance right after this movement. */
  balanceAfterMinor: number;
  reason: string | null;
  idempotencyKey: string;
  createdAt: string;
}

/**
 * A page of a member's movements, newest first, those before `beforeId` (keyset: page 500 reads what page 1
 * does, through wallet_movements_member_idx), each with the balance its member entry recorded.
 */
export async function findLedgerPage(
  db: Executor,
  merchantId: number,
  memberId: number,
  page: { beforeId: number | null; limit: number },
): Promise<LedgerLine[]> {
  const rows = await query<{
    id: unknown;
    kind: MovementKind;
    amount_minor: unknown;
    currency: string;
    balance_after_minor: unknown;
    reason: string | null;
    idempotency_key: string;
    created_at: unknown;
  }>(
    db,
    sql`SELECT m.id, m.kind, m.amount_minor, m.currency, e.balance_after_minor, m.reason, m.idempotency_key,
               m.created_at
        FROM wallet_movements m
        CROSS JOIN LATERAL (SELECT le.balance_after_minor FROM ledger_entries le
                            WHERE le.movement_id = m.id AND le.balance_after_minor IS NOT NULL LIMIT 1) e
        WHERE m.member_id = ${memberId} AND m.merchant_id = ${merchantId}
          ${page.beforeId === null ? sql`` : sql`AND m.id < ${page.beforeId}`}
        ORDER BY m.id DESC
        LIMIT ${page.limit}`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    kind: row.kind,
    amountMinor: toNumber(row.amount_minor),
    currency: row.currency,
    balanceAfterMinor: toNumber(row.balance_after_minor),
    reason: row.reason,
    idempotencyKey: row.idempotency_key,
    createdAt: toIso(row.created_at),
  }));
}
