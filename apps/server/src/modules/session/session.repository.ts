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
