import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginChallenges, loginThrottle, memberAccounts, memberKnownIps } from '../../db/schema/index';

export type MemberAccountRow = typeof memberAccounts.$inferSelect;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

export interface ThrottleState {
  failures: number;
  lockedUntil: Date | null;
}

export async function getThrottle(
  db: Executor,
  merchantId: number,
  key: string,
  windowSeconds: number,
): Promise<ThrottleState> {
  const rows = await db
    .select({
      failures: sql<number>`CASE WHEN ${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) THEN 0 ELSE ${loginThrottle.failures} END`,
      lockedUntil: sql<Date | null>`CASE WHEN ${loginThrottle.lockedUntil} > now() THEN ${loginThrottle.lockedUntil} END`,
    })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.merchantId, merchantId), eq(loginThrottle.key, key)));
  const row = rows[0];
  return { failures: Number(row?.failures ?? 0), lockedUntil: row?.lockedUntil ? new Date(row.lockedUntil) : null };
}

/** Counts one failure in the window (starting a new window when the old one has passed); locks at `lockAfter`. */
export async function recordFailure(
  db: Executor,
  merchantId: number,
  key: string,
  options: { windowSeconds: number; lockAfter: number | null; lockSeconds: number },
): Promise<ThrottleState> {
  const stale = sql`login_throttle.window_started_at < now() - make_interval(secs => ${options.windowSeconds})`;
  const rows = await db
    .insert(loginThrottle)
    .values({ merchantId, key, failures: 1 })
    .onConflictDoUpdate({
      target: [loginThrottle.merchantId, loginThrottle.key],
      set: {
        failures: sql`CASE WHEN ${stale} THEN 1 ELSE login_throttle.failures + 1 END`,
        windowStartedAt: sql`CASE WHEN ${stale} THEN now() ELSE login_throttle.window_started_at END`,
      },
    })
    .returning({ failures: loginThrottle.failures, lockedUntil: loginThrottle.lockedUntil });
  const failures = rows[0]?.failures ?? 1;
  if (options.lockAfter !== null && failures >= options.lockAfter) {
    const locked = await db
      .update(loginThrottle)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${options.lockSeconds})` })
      .where(and(eq(loginThrottle.merchantId, merchantId), eq(loginThrottle.key, key)))
      .returning({ lockedUntil: loginThrottle.lockedUntil });
    return { failures, lockedUntil: locked[0]?.lockedUntil ?? null };
  }
  return { failures, lockedUntil: null };
}

export async function clearThrottle(db: Executor, merchantId: number, key: string): Promise<void> {
  await db.delete(loginThrottle).where(and(eq(loginThrottle.merchantId, merchantId), eq(loginThrottle.key, key)));
}

/** Mirrors the failure count and lock onto the account, for the operator's view. */
export async function mirrorFailures(db: Executor, memberId: number, state: ThrottleState): Promise<void> {
  await db
    .update(memberAccounts)
    .set({ failedLoginCount: state.failures, lockedUntil: state.lockedUntil })
    .where(eq(memberAccounts.id, memberId));
}

/** Records a sign-in: the last one becomes the previous one. Returns the updated account. */
export async function markSignedIn(
  db: Executor,
  memberId: number,
  ip: string,
  patch: Partial<Pick<MemberAccountRow, 'passwordHash'>> = {},
): Promise<MemberAccountRow> {
  const rows = await db
    .update(memberAccounts)
    .set({
      ...patch,
      previousLoginAt: sql`${memberAccounts.lastLoginAt}`,
      lastLoginAt: sql`now()`,
      lastLoginIp: ip,
      failedLoginCount: 0,
      lockedUntil: null,
      firstTimeLogin: false,
    })
    .where(eq(memberAccounts.id, memberId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('member vanished during sign-in');
  return row;
}

export async function hasKnownIps(db: Executor, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ ip: memberKnownIps.ip })
    .from(memberKnownIps)
    .where(eq(memberKnownIps.memberId, memberId))
    .limit(1);
  return rows.length > 0;
}

export async function isKnownIp(db: Executor, memberId: number, ip: string): Promise<boolean> {
  const rows = await db
    .select({ ip: memberKnownIps.ip })
    .from(memberKnownIps)
    .where(and(eq(memberKnownIps.memberId, memberId), eq(memberKnownIps.ip, ip)))
    .limit(1);
  return rows.length > 0;
}

export async function rememberIp(db: Executor, memberId: number, ip: string): Promise<void> {
  await db
    .insert(memberKnownIps)
    .values({ memberId, ip })
    .onConflictDoUpdate({ target: [memberKnownIps.memberId, memberKnownIps.ip], set: { lastSeenAt: sql`now()` } });
}

export async function insertChallenge(
  db: Executor,
  challenge: {
    id: string;
    memberId: number;
    merchantId: number;
    ip: string;
    userAgent: string;
    methods: string[];
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(loginChallenges).values(challenge);
}

/** A live challenge of this brand, opened from this IP. */
export async function findOpenChallenge(
  db: Executor,
  id: string,
  merchantId: number,
  ip: string,
): Promise<LoginChallengeRow | undefined> {
  const rows = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.id, id),
        eq(loginChallenges.merchantId, merchantId),
        eq(loginChallenges.ip, ip),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function recordChallengeFailure(db: Executor, id: string, maxAttempts: number): Promise<void> {
  await db
    .update(loginChallenges)
    .set({
      attempts: sql`${loginChallenges.attempts} + 1`,
      consumedAt: sql`CASE WHEN ${loginChallenges.attempts} + 1 >= ${maxAttempts} THEN now() ELSE NULL END`,
    })
    .where(eq(loginChallenges.id, id));
}

export async function consumeChallenge(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

export async function insertFreePlayMember(
  db: Executor,
  member: { merchantId: number; account: string; expiresAt: Date; ip: string },
): Promise<MemberAccountRow> {
  const rows = await db
    .insert(memberAccounts)
    .values({
      merchantId: member.merchantId,
      account: member.account,
      nickname: member.account,
      agentType: 0,
      isFreePlay: true,
      expiresAt: member.expiresAt,
      registerMethod: 'FREE_PLAY',
      registerIp: member.ip,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('free-play insert returned nothing');
  return row;
}

async function rowsOf<T = unknown>(db: Executor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** A guest with a real-money record, which the launch refuses, so there should be none: such a guest stays. */
const hasNoMoneyRecord = sql`NOT EXISTS (SELECT 1 FROM wallet_accounts w WHERE w.member_id = m.id)
  AND NOT EXISTS (SELECT 1 FROM wallet_movements w WHERE w.member_id = m.id)
  AND NOT EXISTS (SELECT 1 FROM vendor_transactions v WHERE v.member_id = m.id AND v.mode <> 'trial')
  AND NOT EXISTS (SELECT 1 FROM game_rounds r WHERE r.member_id = m.id)`;

/**
 * Removes up to `limit` free-play guests that expired more than `graceSeconds` ago, with their sessions
 * (cascade) and trial-mode vendor records (play money only). Rows are locked with SKIP LOCKED, so
 * several instances may run this at once. Answers how many were removed.
 */
export async function deleteExpiredGuests(
  db: Executor,
  options: { graceSeconds: number; limit: number },
): Promise<number> {
  const expired = await rowsOf<{ id: number | string }>(
    db,
    sql`SELECT m.id FROM members m
        WHERE m.is_free_play AND m.expires_at < now() - make_interval(secs => ${options.graceSeconds})
          AND ${hasNoMoneyRecord}
        ORDER BY m.expires_at
        LIMIT ${options.limit}
        FOR UPDATE SKIP LOCKED`,
  );
  const ids = expired.map((row) => Number(row.id));
  if (ids.length === 0) return 0;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`DELETE FROM vendor_transactions WHERE mode = 'trial' AND member_id IN (${list})`);
  const removed = await rowsOf(
    db,
    sql`DELETE FROM members m WHERE m.id IN (${list}) AND m.is_free_play AND ${hasNoMoneyRecord} RETURNING m.id`,
  );
  return removed.length;
}

/** Expired guests that stay because they have a real-money record (for the job's log). */
export async function countStuckGuests(db: Executor, graceSeconds: number): Promise<number> {
  const rows = await rowsOf<{ n: number | string }>(
    db,
    sql`SELECT count(*)::int AS n FROM members m
        WHERE m.is_free_play AND m.expires_at < now() - make_interval(secs => ${graceSeconds})
          AND NOT (${hasNoMoneyRecord})`,
  );
  return Number(rows[0]?.n ?? 0);
}
