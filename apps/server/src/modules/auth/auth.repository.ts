import { query, toIso } from '@parlay/db';
import { and, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginChallenges, loginThrottle, memberAccounts, memberKnownIps } from '../../db/schema/index';

export type MemberAccountRow = typeof memberAccounts.$inferSelect;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

export interface ThrottleState {
  /** Failures in the key's window, attempts still being checked included. */
  failures: number;
  /** Until when the key waits before its next attempt, while that is still to come. */
  lockedUntil: Date | null;
}

const throttleOf = (merchantId: number, keys: readonly string[]) =>
  and(eq(loginThrottle.merchantId, merchantId), inArray(loginThrottle.key, [...keys]));

const windowedFailures = (windowSeconds: number) =>
  sql<number>`CASE WHEN ${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) THEN 0 ELSE ${loginThrottle.failures} END`;
const runningWait = sql<Date | null>`CASE WHEN ${loginThrottle.lockedUntil} > now() THEN ${loginThrottle.lockedUntil} END`;

const toState = (row: { failures: number | string; lockedUntil: Date | string | null }): ThrottleState => ({
  failures: Number(row.failures),
  lockedUntil: row.lockedUntil ? new Date(row.lockedUntil) : null,
});

/** A key's count as it stands, without locking it (to tell before any work whether it waits). */
export async function getThrottle(
  db: Executor,
  merchantId: number,
  key: string,
  windowSeconds: number,
): Promise<ThrottleState> {
  const rows = await db
    .select({ failures: windowedFailures(windowSeconds), lockedUntil: runningWait })
    .from(loginThrottle)
    .where(throttleOf(merchantId, [key]));
  return rows[0] ? toState(rows[0]) : { failures: 0, lockedUntil: null };
}

/** The counts of `keys` as they stand, without locking them; keys without a row are absent. */
export async function findThrottles(
  db: Executor,
  merchantId: number,
  keys: readonly string[],
  windowSeconds: number,
): Promise<Map<string, ThrottleState>> {
  const rows = await db
    .select({ key: loginThrottle.key, failures: windowedFailures(windowSeconds), lockedUntil: runningWait })
    .from(loginThrottle)
    .where(throttleOf(merchantId, keys));
  return new Map(rows.map((row) => [row.key, toState(row)]));
}

/**
 * Locks the rows of `keys` for the caller's transaction (creating the missing ones), so that counting an
 * attempt and comparing it with the limits is one step however many attempts arrive together. Rows are
 * taken in key order, so two attempts sharing keys never wait on each other crosswise. A window older
 * than `windowSeconds` reads as no failures.
 */
export async function lockThrottle(
  tx: Executor,
  merchantId: number,
  keys: readonly string[],
  windowSeconds: number,
): Promise<Map<string, ThrottleState>> {
  const sorted = [...new Set(keys)].sort();
  await tx
    .insert(loginThrottle)
    .values(sorted.map((key) => ({ merchantId, key, failures: 0 })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ key: loginThrottle.key, failures: windowedFailures(windowSeconds), lockedUntil: runningWait })
    .from(loginThrottle)
    .where(throttleOf(merchantId, sorted))
    .orderBy(loginThrottle.key)
    .for('update');
  return new Map(rows.map((row) => [row.key, toState(row)]));
}

/**
 * Counts one failure on a key locked by `lockThrottle` (starting a new window when the old one has
 * passed); with `waitSeconds`, the key also waits that long, from now, before its next attempt.
 */
export async function countFailure(
  tx: Executor,
  merchantId: number,
  key: string,
  options: { windowSeconds: number; waitSeconds: number | null },
): Promise<void> {
  const stale = sql`${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${options.windowSeconds})`;
  await tx
    .update(loginThrottle)
    .set({
      failures: sql`CASE WHEN ${stale} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
      windowStartedAt: sql`CASE WHEN ${stale} THEN now() ELSE ${loginThrottle.windowStartedAt} END`,
      ...(options.waitSeconds === null
        ? {}
        : { lockedUntil: sql`now() + make_interval(secs => ${options.waitSeconds})` }),
    })
    .where(throttleOf(merchantId, [key]));
}

/**
 * Takes back one counted attempt from a key (it turned out right), and the wait it started: a key left
 * with fewer failures than `waitsFrom` waits no more. A row left with nothing to count or wait for goes.
 * Answers what is left on the key.
 */
export async function uncountFailure(
  db: Executor,
  merchantId: number,
  key: string,
  options: { windowSeconds: number; waitsFrom: number | null },
): Promise<ThrottleState> {
  const left = sql`GREATEST(${loginThrottle.failures} - 1, 0)`;
  const rows = await db
    .update(loginThrottle)
    .set({
      failures: left,
      ...(options.waitsFrom === null
        ? {}
        : {
            lockedUntil: sql`CASE WHEN ${left} < ${options.waitsFrom} THEN NULL ELSE ${loginThrottle.lockedUntil} END`,
          }),
    })
    .where(throttleOf(merchantId, [key]))
    .returning({ failures: windowedFailures(options.windowSeconds), lockedUntil: runningWait });
  await db
    .delete(loginThrottle)
    .where(
      and(
        throttleOf(merchantId, [key]),
        eq(loginThrottle.failures, 0),
        or(isNull(loginThrottle.lockedUntil), lte(loginThrottle.lockedUntil, sql`now()`)),
      ),
    );
  return rows[0] ? toState(rows[0]) : { failures: 0, lockedUntil: null };
}

export async function clearThrottle(db: Executor, merchantId: number, key: string): Promise<void> {
  await db.delete(loginThrottle).where(and(eq(loginThrottle.merchantId, merchantId), eq(loginThrottle.key, key)));
}

/**
 * Mirrors the throttle onto the account, for the operator's view: the failures on the account from every
 * IP in the window, and until when the IP of the latest failure waits (the account itself never locks).
 */
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

export interface KnownIpRow {
  ip: string;
  firstSeenAt: string;
  lastSeenAt: string;
  country: string;
  userAgent: string;
}

/** The IPs the new-IP check trusts for a member, last used first, each with its last sign-in's country and device. */
export async function findKnownIps(db: Executor, memberId: number): Promise<KnownIpRow[]> {
  const rows = await query<{
    ip: string;
    first_seen_at: unknown;
    last_seen_at: unknown;
    country: string | null;
    user_agent: string | null;
  }>(
    db,
    sql`SELECT k.ip, k.first_seen_at, k.last_seen_at, s.country, s.user_agent
        FROM member_known_ips k
        LEFT JOIN LATERAL (
          SELECT country, user_agent FROM member_sign_ins
          WHERE member_id = k.member_id AND ip = k.ip ORDER BY id DESC LIMIT 1
        ) s ON true
        WHERE k.member_id = ${memberId}
        ORDER BY k.last_seen_at DESC, k.ip LIMIT 200`,
  );
  return rows.map((row) => ({
    ip: row.ip,
    firstSeenAt: toIso(row.first_seen_at),
    lastSeenAt: toIso(row.last_seen_at),
    country: row.country ?? '',
    userAgent: row.user_agent ?? '',
  }));
}

/**
 * Forgets one known IP of a member, unless it is the last one (with none left the next sign-in's IP would be
 * trusted as a first). The member's row is locked first, so two removals at once are taken in turn.
 */
export async function forgetKnownIp(
  db: Executor,
  memberId: number,
  ip: string,
): Promise<'forgotten' | 'unknown' | 'last'> {
  await query(db, sql`SELECT id FROM members WHERE id = ${memberId} FOR UPDATE`);
  const rows = await query<{ ip: string }>(db, sql`SELECT ip FROM member_known_ips WHERE member_id = ${memberId}`);
  if (!rows.some((row) => row.ip === ip)) return 'unknown';
  if (rows.length <= 1) return 'last';
  await query(db, sql`DELETE FROM member_known_ips WHERE member_id = ${memberId} AND ip = ${ip}`);
  return 'forgotten';
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

/** A live challenge of this brand, opened from this IP, with answers left. */
export async function findOpenChallenge(
  db: Executor,
  id: string,
  merchantId: number,
  ip: string,
  maxAttempts: number,
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
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Counts an answer to a live challenge before it is checked, so answers sent together cannot all be
 * checked; false when the challenge has had all its answers, is used or has expired.
 */
export async function takeChallengeAttempt(db: Executor, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.id, id),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, sql`now()`),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
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

/**
 * Deletes at most `limit` throttle rows with nothing left to count: a window that began before
 * `windowStartedBefore` (it reads as no failures) and no wait still to run at `now`. Such a row and no row
 * judge an attempt alike. Rows an attempt holds are skipped. Index: login_throttle_window_idx (0064).
 */
export async function deleteEndedThrottles(
  db: Executor,
  options: { now: Date; windowStartedBefore: Date; limit: number },
): Promise<number> {
  const rows = await query<{ n: number | string }>(
    db,
    sql`WITH old AS (
          SELECT merchant_id, key FROM login_throttle
           WHERE window_started_at < ${options.windowStartedBefore.toISOString()}::timestamptz
             AND (locked_until IS NULL OR locked_until <= ${options.now.toISOString()}::timestamptz)
           LIMIT ${options.limit} FOR UPDATE SKIP LOCKED
        ), gone AS (
          DELETE FROM login_throttle t USING old WHERE t.merchant_id = old.merchant_id AND t.key = old.key RETURNING 1
        )
        SELECT count(*) AS n FROM gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
