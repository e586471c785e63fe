import type { SignInMethod } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberAccounts, memberSessions } from '../../db/schema/index';

export interface SessionRow {
  sessionId: number;
  memberId: number;
  merchantId: number;
  account: string;
  agentType: number;
  isFreePlay: boolean;
  lastSeenAt: Date;
}

export async function insertSession(
  db: Executor,
  session: { tokenHash: string; memberId: number; merchantId: number; expiresAt: Date; ip: string; userAgent: string },
): Promise<number> {
  const [row] = await db.insert(memberSessions).values(session).returning({ id: memberSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/**
 * A live session of an active account of this brand: not revoked, within its absolute expiry and its
 * idle window, and (for a free-play guest) before the guest account expires.
 */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  merchantId: number,
  idleSeconds: number,
): Promise<SessionRow | undefined> {
  const rows = await db
    .select({
      sessionId: memberSessions.id,
      memberId: memberAccounts.id,
      merchantId: memberAccounts.merchantId,
      account: memberAccounts.account,
      agentType: memberAccounts.agentType,
      isFreePlay: memberAccounts.isFreePlay,
      lastSeenAt: memberSessions.lastSeenAt,
    })
    .from(memberSessions)
    .innerJoin(memberAccounts, eq(memberAccounts.id, memberSessions.memberId))
    .where(
      and(
        eq(memberSessions.tokenHash, tokenHash),
        eq(memberSessions.merchantId, merchantId),
        eq(memberAccounts.merchantId, merchantId),
        isNull(memberSessions.revokedAt),
        sql`${memberSessions.expiresAt} > now()`,
        sql`${memberSessions.lastSeenAt} > now() - make_interval(secs => ${idleSeconds})`,
        eq(memberAccounts.status, 'active'),
        sql`(${memberAccounts.expiresAt} IS NULL OR ${memberAccounts.expiresAt} > now())`,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(memberSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(memberSessions.id, sessionId));
}

export async function revokeSessionByHash(db: Executor, tokenHash: string, merchantId: number): Promise<boolean> {
  const rows = await db
    .update(memberSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(memberSessions.tokenHash, tokenHash),
        eq(memberSessions.merchantId, merchantId),
        isNull(memberSessions.revokedAt),
      ),
    )
    .returning({ id: memberSessions.id });
  return rows.length > 0;
}

export async function revokeMemberSessions(db: Executor, memberId: number, exceptSessionId?: number): Promise<number> {
  const rows = await db
    .update(memberSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.revokedAt),
        exceptSessionId === undefined ? undefined : sql`${memberSessions.id} <> ${exceptSessionId}`,
      ),
    )
    .returning({ id: memberSessions.id });
  return rows.length;
}

/** Ends one session of a member that has not been ended yet; false when there is none such. */
export async function revokeMemberSession(db: Executor, memberId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(memberSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(memberSessions.id, sessionId),
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.revokedAt),
        sql`${memberSessions.expiresAt} > now()`,
      ),
    )
    .returning({ id: memberSessions.id });
  return rows.length > 0;
}

/** Ends every live session of a member, saying why (player protection). */
export async function endMemberSessions(db: Executor, memberId: number, reason: string): Promise<number> {
  const rows = await query(
    db,
    sql`UPDATE member_sessions SET revoked_at = now(), end_reason = ${reason}
         WHERE member_id = ${memberId} AND revoked_at IS NULL RETURNING id`,
  );
  return rows.length;
}

/** Ends each live session of a member at most `maxSeconds` after it signed in (a session limit). */
export async function capMemberSessions(db: Executor, memberId: number, maxSeconds: number): Promise<number> {
  const rows = await query(
    db,
    sql`UPDATE member_sessions SET expires_at = created_at + make_interval(secs => ${maxSeconds}),
                                   end_reason = 'sessionLimit'
         WHERE member_id = ${memberId} AND revoked_at IS NULL AND expires_at > now()
           AND expires_at > created_at + make_interval(secs => ${maxSeconds})
        RETURNING id`,
  );
  return rows.length;
}

/** The protection reason a session of this token ended for, once it is not live; null otherwise. */
export async function findEndReason(
  db: Executor,
  tokenHash: string,
  merchantId: number,
): Promise<'sessionLimit' | 'timeOut' | 'selfExclusion' | null> {
  const [row] = await query<{ end_reason: string | null }>(
    db,
    sql`SELECT end_reason FROM member_sessions
         WHERE token_hash = ${tokenHash} AND merchant_id = ${merchantId}
           AND (revoked_at IS NOT NULL OR expires_at <= now())`,
  );
  const reason = row?.end_reason;
  return reason === 'sessionLimit' || reason === 'timeOut' || reason === 'selfExclusion' ? reason : null;
}

export async function findSessionTimes(
  db: Executor,
  memberId: number,
  sessionId: number,
): Promise<{ signedInAt: Date; expiresAt: Date } | undefined> {
  const [row] = await query<{ created_at: unknown; expires_at: unknown }>(
    db,
    sql`SELECT created_at, expires_at FROM member_sessions WHERE id = ${sessionId} AND member_id = ${memberId}`,
  );
  return row ? { signedInAt: new Date(toIso(row.created_at)), expiresAt: new Date(toIso(row.expires_at)) } : undefined;
}

export interface SignInInput {
  memberId: number;
  merchantId: number;
  sessionId: number;
  ip: string;
  country: string;
  userAgent: string;
  method: SignInMethod;
  /** SHA-256 (hex) of the player site's device id; null when the call carried none. */
  deviceHash: string | null;
}

export async function insertSignIn(db: Executor, input: SignInInput): Promise<void> {
  await query(
    db,
    sql`INSERT INTO member_sign_ins (member_id, merchant_id, session_id, ip, country, user_agent, method, device_hash)
        VALUES (${input.memberId}, ${input.merchantId}, ${input.sessionId}, ${input.ip}, ${input.country},
                ${input.userAgent}, ${input.method}, ${input.deviceHash})`,
  );
}

export interface LiveSessionRow {
  id: number;
  signedInAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string;
  country: string;
  userAgent: string;
}

/** Whether a session is live: not ended, before its absolute expiry and within its idle window. */
const isLive = (idleSeconds: number) =>
  sql`s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => ${idleSeconds})`;

export async function findLiveMemberSessions(
  db: Executor,
  memberId: number,
  idleSeconds: number,
): Promise<LiveSessionRow[]> {
  const rows = await query<{
    id: unknown;
    created_at: unknown;
    last_seen_at: unknown;
    expires_at: unknown;
    ip: string;
    country: string | null;
    user_agent: string;
  }>(
    db,
    sql`SELECT s.id, s.created_at, s.last_seen_at, s.expires_at, s.ip, i.country, s.user_agent
        FROM member_sessions s LEFT JOIN member_sign_ins i ON i.session_id = s.id
        WHERE s.member_id = ${memberId} AND ${isLive(idleSeconds)}
        ORDER BY s.id DESC LIMIT 200`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    signedInAt: toIso(row.created_at),
    lastSeenAt: toIso(row.last_seen_at),
    expiresAt: toIso(row.expires_at),
    ip: row.ip,
    country: row.country ?? '',
    userAgent: row.user_agent,
  }));
}

export interface SignInRow {
  id: number;
  at: string;
  ip: string;
  country: string;
  userAgent: string;
  method: SignInMethod | null;
  sessionId: number | null;
  sessionLive: boolean;
}

export async function findSignIns(
  db: Executor,
  memberId: number,
  page: { beforeId?: number | undefined; limit: number; idleSeconds: number },
): Promise<SignInRow[]> {
  const rows = await query<{
    id: unknown;
    at: unknown;
    ip: string;
    country: string;
    user_agent: string;
    method: SignInMethod | null;
    session_id: unknown;
    live: boolean | null;
  }>(
    db,
    sql`SELECT i.id, i.at, i.ip, i.country, i.user_agent, i.method, i.session_id, ${isLive(page.idleSeconds)} AS live
        FROM member_sign_ins i LEFT JOIN member_sessions s ON s.id = i.session_id
        WHERE i.member_id = ${memberId} ${page.beforeId === undefined ? sql`` : sql`AND i.id < ${page.beforeId}`}
        ORDER BY i.id DESC LIMIT ${page.limit}`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    at: toIso(row.at),
    ip: row.ip,
    country: row.country,
    userAgent: row.user_agent,
    method: row.method,
    sessionId: row.session_id === null ? null : toNumber(row.session_id),
    sessionLive: row.live === true,
  }));
}

/**
 * Deletes at most `limit` sign-ins from before `before`, oldest first (one short statement: no long lock
 * on a table every sign-in writes to), and answers how many went. Index: member_sign_ins_at_idx (0064).
 */
export async function deleteSignInsBefore(db: Executor, before: Date, limit: number): Promise<number> {
  const rows = await query<{ n: number | string }>(
    db,
    sql`WITH gone AS (
          DELETE FROM member_sign_ins WHERE id IN (
            SELECT id FROM member_sign_ins WHERE at < ${before.toISOString()}::timestamptz ORDER BY at LIMIT ${limit}
          ) RETURNING 1
        )
        SELECT count(*) AS n FROM gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
