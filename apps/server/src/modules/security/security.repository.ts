import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// A member's authenticator (migration 0057, decision 0037): the sealed secret in members.totp_secret, which the
// new-IP check reads; the enrolment waiting for its code, the last accepted step and the wrong codes' count in
// member_authenticators; the recovery codes' hashes in member_recovery_codes.

export interface AuthenticatorRow {
  memberId: number;
  /** Sealed; null without an authenticator. */
  secret: string | null;
  pendingSecret: string | null;
  pendingExpiresAt: Date | null;
  lastStep: number | null;
  failures: number;
  failuresSince: Date | null;
  waitUntil: Date | null;
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/**
 * The member's authenticator state, its row made if missing and locked with the member's row for the rest of the
 * transaction: enrolments, removals and codes of one member are taken one at a time. Undefined for no such member.
 */
export async function lockAuthenticator(db: Executor, memberId: number): Promise<AuthenticatorRow | undefined> {
  await query(
    db,
    sql`INSERT INTO member_authenticators (member_id) SELECT id FROM members WHERE id = ${memberId}
        ON CONFLICT (member_id) DO NOTHING`,
  );
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT m.id, m.totp_secret, a.pending_secret, a.pending_expires_at, a.last_step, a.failures, a.failures_since,
               a.wait_until
        FROM members m JOIN member_authenticators a ON a.member_id = m.id
        WHERE m.id = ${memberId} FOR UPDATE`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    memberId: toNumber(row['id']),
    secret: (row['totp_secret'] as string | null) ?? null,
    pendingSecret: (row['pending_secret'] as string | null) ?? null,
    pendingExpiresAt: toDate(row['pending_expires_at']),
    lastStep: row['last_step'] === null ? null : toNumber(row['last_step']),
    failures: toNumber(row['failures']),
    failuresSince: toDate(row['failures_since']),
    waitUntil: toDate(row['wait_until']),
  };
}

/** Whether the member has an authenticator, and how many unused recovery codes. */
export async function findAuthenticatorStatus(
  db: Executor,
  memberId: number,
): Promise<{ enrolled: boolean; recoveryCodesLeft: number }> {
  const rows = await query<{ enrolled: boolean; left: unknown }>(
    db,
    sql`SELECT m.totp_secret IS NOT NULL AS enrolled,
               (SELECT count(*) FROM member_recovery_codes c WHERE c.member_id = m.id AND c.used_at IS NULL) AS left
        FROM members m WHERE m.id = ${memberId}`,
  );
  const row = rows[0];
  return { enrolled: row?.enrolled === true, recoveryCodesLeft: row?.enrolled ? toNumber(row.left) : 0 };
}

export async function savePendingSecret(
  db: Executor,
  memberId: number,
  sealed: string,
  expiresAt: Date,
): Promise<void> {
  await query(
    db,
    sql`UPDATE member_authenticators SET pending_secret = ${sealed}, pending_expires_at = ${expiresAt.toISOString()}
        WHERE member_id = ${memberId}`,
  );
}

/** The pending secret becomes the member's authenticator; `step` is its confirming code's, accepted once. */
export async function enrol(db: Executor, memberId: number, sealed: string, step: number): Promise<void> {
  await query(db, sql`UPDATE members SET totp_secret = ${sealed}, updated_at = now() WHERE id = ${memberId}`);
  await query(
    db,
    sql`UPDATE member_authenticators
        SET pending_secret = NULL, pending_expires_at = NULL, enrolled_at = now(), last_step = ${step},
            failures = 0, failures_since = NULL, wait_until = NULL
        WHERE member_id = ${memberId}`,
  );
}

/** The authenticator and its recovery codes go; the new-IP check no longer offers it. */
export async function removeAuthenticator(db: Executor, memberId: number): Promise<void> {
  await query(db, sql`UPDATE members SET totp_secret = NULL, updated_at = now() WHERE id = ${memberId}`);
  await query(
    db,
    sql`UPDATE member_authenticators SET enrolled_at = NULL, last_step = NULL, failures = 0, failures_since = NULL,
               wait_until = NULL
        WHERE member_id = ${memberId}`,
  );
  await query(db, sql`DELETE FROM member_recovery_codes WHERE member_id = ${memberId}`);
}

/** Keeps the step of an accepted code; the caller has checked it is after the last one. */
export async function acceptStep(db: Executor, memberId: number, step: number): Promise<void> {
  await query(db, sql`UPDATE member_authenticators SET last_step = ${step} WHERE member_id = ${memberId}`);
}

export async function saveFailures(
  db: Executor,
  memberId: number,
  state: { failures: number; failuresSince: Date | null; waitUntil: Date | null },
): Promise<void> {
  await query(
    db,
    sql`UPDATE member_authenticators
        SET failures = ${state.failures}, failures_since = ${state.failuresSince?.toISOString() ?? null},
            wait_until = ${state.waitUntil?.toISOString() ?? null}
        WHERE member_id = ${memberId}`,
  );
}

export async function replaceRecoveryCodes(db: Executor, memberId: number, hashes: readonly string[]): Promise<void> {
  await query(db, sql`DELETE FROM member_recovery_codes WHERE member_id = ${memberId}`);
  for (const hash of hashes) {
    await query(db, sql`INSERT INTO member_recovery_codes (member_id, code_hash) VALUES (${memberId}, ${hash})`);
  }
}

/** Uses a recovery code up; false when it is not one of the member's unused codes. */
export async function useRecoveryCode(db: Executor, memberId: number, hash: string): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE member_recovery_codes SET used_at = now()
        WHERE member_id = ${memberId} AND code_hash = ${hash} AND used_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}
