import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The payment password (migration 0061): its hash in members.payment_password_hash, which registration may write;
// the count of wrong tries and the lock in member_payment_password_guards.

export interface PaymentPasswordRow {
  memberId: number;
  /** Null without a payment password. */
  hash: string | null;
  /** The login password's hash: setting the first payment password needs it, and the two may not be the same. */
  loginHash: string | null;
  failures: number;
  lockedUntil: Date | null;
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

function toRow(row: Record<string, unknown>): PaymentPasswordRow {
  return {
    memberId: toNumber(row['id']),
    hash: (row['payment_password_hash'] as string | null) ?? null,
    loginHash: (row['password_hash'] as string | null) ?? null,
    failures: row['failures'] === null || row['failures'] === undefined ? 0 : toNumber(row['failures']),
    lockedUntil: toDate(row['locked_until']),
  };
}

/**
 * The member's payment password and its count, the count's row made if missing and locked for the rest of the
 * transaction: the tries of one member are judged one after the other. Undefined for no such member of the brand.
 */
export async function lockPaymentPassword(
  db: Executor,
  merchantId: number,
  memberId: number,
): Promise<PaymentPasswordRow | undefined> {
  await query(
    db,
    sql`INSERT INTO member_payment_password_guards (member_id)
        SELECT id FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId}
        ON CONFLICT (member_id) DO NOTHING`,
  );
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT m.id, m.payment_password_hash, m.password_hash, g.failures, g.locked_until
        FROM member_payment_password_guards g JOIN members m ON m.id = g.member_id
        WHERE m.id = ${memberId} AND m.merchant_id = ${merchantId}
        FOR UPDATE OF g`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** The same, read without a lock (the status). */
export async function findPaymentPassword(
  db: Executor,
  merchantId: number,
  memberId: number,
): Promise<PaymentPasswordRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT m.id, m.payment_password_hash, m.password_hash, g.failures, g.locked_until
        FROM members m LEFT JOIN member_payment_password_guards g ON g.member_id = m.id
        WHERE m.id = ${memberId} AND m.merchant_id = ${merchantId}`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

export async function saveFailures(
  db: Executor,
  memberId: number,
  state: { failures: number; lockedUntil: Date | null },
): Promise<void> {
  await query(
    db,
    sql`UPDATE member_payment_password_guards
        SET failures = ${state.failures}, locked_until = ${state.lockedUntil?.toISOString() ?? null}
        WHERE member_id = ${memberId}`,
  );
}

/** A new payment password: the count starts again and a lock ends. */
export async function savePaymentPassword(db: Executor, memberId: number, hash: string): Promise<void> {
  await query(db, sql`UPDATE members SET payment_password_hash = ${hash}, updated_at = now() WHERE id = ${memberId}`);
  await query(
    db,
    sql`UPDATE member_payment_password_guards SET failures = 0, locked_until = NULL, changed_at = now()
        WHERE member_id = ${memberId}`,
  );
}
