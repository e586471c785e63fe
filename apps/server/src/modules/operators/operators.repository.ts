import type { RoleName } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

type Row = Record<string, unknown>;

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string);
const bigintArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`}::text[]`;

// ---- Operators ----

export interface OperatorRow {
  id: number;
  login: string;
  name: string;
  email: string;
  passwordHash: string | null;
  totpSecret: string | null;
  roles: RoleName[];
  allBrands: boolean;
  /** The brands when not allBrands: ids and merchant codes, in code order. */
  merchantIds: number[];
  brandCodes: string[];
  status: 'invited' | 'active' | 'suspended';
  suspendedAt: Date | null;
  suspendedReason: string | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  version: number;
}

const OPERATOR_COLUMNS = sql`o.id, o.login, o.name, o.email, o.password_hash, o.totp_secret, o.roles, o.all_brands,
  o.status, o.suspended_at, o.suspended_reason, o.last_sign_in_at, o.created_at, o.version,
  coalesce((SELECT array_agg(b.merchant_id ORDER BY m.code) FROM operator_brands b JOIN merchants m ON m.id = b.merchant_id
             WHERE b.operator_id = o.id), '{}') AS merchant_ids,
  coalesce((SELECT array_agg(m.code ORDER BY m.code) FROM operator_brands b JOIN merchants m ON m.id = b.merchant_id
             WHERE b.operator_id = o.id), '{}') AS brand_codes`;

/** PGlite answers an array as an array; a string would be PostgreSQL's text form. */
function toArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
  }
  return [];
}

function toOperator(row: Row): OperatorRow {
  return {
    id: toNumber(row.id),
    login: row.login as string,
    name: row.name as string,
    email: row.email as string,
    passwordHash: (row.password_hash as string | null) ?? null,
    totpSecret: (row.totp_secret as string | null) ?? null,
    roles: toArray(row.roles) as RoleName[],
    allBrands: row.all_brands as boolean,
    merchantIds: toArray(row.merchant_ids).map(toNumber),
    brandCodes: toArray(row.brand_codes) as string[],
    status: row.status as OperatorRow['status'],
    suspendedAt: toDate(row.suspended_at),
    suspendedReason: (row.suspended_reason as string | null) ?? null,
    lastSignInAt: toDate(row.last_sign_in_at),
    createdAt: toDate(row.created_at) ?? new Date(0),
    version: toNumber(row.version),
  };
}

export async function findOperatorById(
  db: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<OperatorRow | undefined> {
  const rows = await query<Row>(
    db,
    sql`SELECT ${OPERATOR_COLUMNS} FROM operators o WHERE o.id = ${id} ${options.lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  return rows[0] && toOperator(rows[0]);
}

export async function findOperatorByLogin(db: Executor, login: string): Promise<OperatorRow | undefined> {
  const rows = await query<Row>(db, sql`SELECT ${OPERATOR_COLUMNS} FROM operators o WHERE o.login = ${login}`);
  return rows[0] && toOperator(rows[0]);
}

export interface OperatorListFilter {
  /** Only operators that share a brand with these (and no operator of every brand); null: every operator. */
  sharingMerchantIds: number[] | null;
  status?: OperatorRow['status'] | undefined;
  q?: string | undefined;
  afterId?: number | undefined;
  limit: number;
}

/** Operators by id (keyset paging). */
export async function findOperators(db: Executor, filter: OperatorListFilter): Promise<OperatorRow[]> {
  const where: SQL[] = [sql`TRUE`];
  if (filter.sharingMerchantIds !== null) {
    where.push(sql`NOT o.all_brands AND EXISTS (SELECT 1 FROM operator_brands b WHERE b.operator_id = o.id
                     AND b.merchant_id = ANY(${bigintArray(filter.sharingMerchantIds)}))`);
  }
  if (filter.status !== undefined) where.push(sql`o.status = ${filter.status}`);
  if (filter.q !== undefined) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    where.push(sql`(o.login LIKE ${pattern} OR lower(o.name) LIKE ${pattern} OR lower(o.email) LIKE ${pattern})`);
  }
  if (filter.afterId !== undefined) where.push(sql`o.id > ${filter.afterId}`);
  const rows = await query<Row>(
    db,
    sql`SELECT ${OPERATOR_COLUMNS} FROM operators o WHERE ${sql.join(where, sql` AND `)} ORDER BY o.id LIMIT ${filter.limit}`,
  );
  return rows.map(toOperator);
}

export interface NewOperator {
  login: string;
  name: string;
  email: string;
  roles: readonly RoleName[];
  allBrands: boolean;
  status: OperatorRow['status'];
  passwordHash: string | null;
}

/** The new operator's id, or the field another operator already holds ('login' or 'email'). */
export async function insertOperator(
  db: Executor,
  operator: NewOperator,
): Promise<{ id: number } | { taken: 'login' | 'email' }> {
  const rows = await query<Row>(
    db,
    sql`INSERT INTO operators (login, name, email, roles, all_brands, status, password_hash)
        SELECT ${operator.login}, ${operator.name}, ${operator.email}, ${textArray(operator.roles)}, ${operator.allBrands},
               ${operator.status}, ${operator.passwordHash}
         WHERE NOT EXISTS (SELECT 1 FROM operators WHERE login = ${operator.login} OR lower(email) = lower(${operator.email}))
        ON CONFLICT DO NOTHING
        RETURNING id`,
  );
  if (rows[0]) return { id: toNumber(rows[0].id) };
  const taken = await query<Row>(db, sql`SELECT 1 FROM operators WHERE login = ${operator.login}`);
  return { taken: taken.length > 0 ? 'login' : 'email' };
}

export async function replaceOperatorBrands(db: Executor, operatorId: number, merchantIds: readonly number[]) {
  await query(db, sql`DELETE FROM operator_brands WHERE operator_id = ${operatorId}`);
  if (merchantIds.length === 0) return;
  await query(
    db,
    sql`INSERT INTO operator_brands (operator_id, merchant_id)
        SELECT ${operatorId}, unnest(${bigintArray(merchantIds)})`,
  );
}

export interface OperatorPatch {
  roles?: readonly RoleName[];
  allBrands?: boolean;
  status?: OperatorRow['status'];
  suspendedReason?: string | null;
  passwordHash?: string;
  /** Sets the sealed secret (and forgets the last step), or clears both: the operator enrols again. */
  totpSecret?: string | null;
}

/**
 * Changes an operator if it is still at `version` (null: whatever its version, for the operator's own
 * sign-in steps), moving the version on; false when another change came first.
 */
export async function updateOperator(
  db: Executor,
  id: number,
  version: number | null,
  patch: OperatorPatch,
): Promise<boolean> {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (patch.roles !== undefined) sets.push(sql`roles = ${textArray(patch.roles)}`);
  if (patch.allBrands !== undefined) sets.push(sql`all_brands = ${patch.allBrands}`);
  if (patch.status !== undefined) {
    sets.push(sql`status = ${patch.status}`);
    sets.push(patch.status === 'suspended' ? sql`suspended_at = now()` : sql`suspended_at = NULL`);
  }
  if (patch.suspendedReason !== undefined) sets.push(sql`suspended_reason = ${patch.suspendedReason}`);
  if (patch.passwordHash !== undefined) sets.push(sql`password_hash = ${patch.passwordHash}`);
  if (patch.totpSecret !== undefined) {
    sets.push(sql`totp_secret = ${patch.totpSecret}`);
    sets.push(sql`totp_last_step = NULL`);
  }
  const rows = await query(
    db,
    sql`UPDATE operators SET ${sql.join(sets, sql`, `)}
         WHERE id = ${id} ${version === null ? sql`` : sql`AND version = ${version}`}
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * The active owners other than `exceptId`, locked in id order: two changes that would each remove one of
 * the last two owners are taken one after the other, and the second finds one owner left.
 */
export async function lockOtherActiveOwners(db: Executor, exceptId: number): Promise<number> {
  const rows = await query(
    db,
    sql`SELECT id FROM operators WHERE status = 'active' AND 'owner' = ANY(roles) AND id <> ${exceptId}
         ORDER BY id FOR UPDATE`,
  );
  return rows.length;
}

/** Takes an accepted step of the operator's authenticator, if it is later than the last one taken. */
export async function takeTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE operators SET totp_last_step = ${step}
         WHERE id = ${id} AND (totp_last_step IS NULL OR totp_last_step < ${step}) RETURNING id`,
  );
  return rows.length > 0;
}

/** The first authenticator: only while the operator has none (two enrolments never both win). */
export async function enrolTotp(db: Executor, id: number, sealedSecret: string, step: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE operators SET totp_secret = ${sealedSecret}, totp_last_step = ${step}, version = version + 1, updated_at = now()
         WHERE id = ${id} AND totp_secret IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

export async function recordSignIn(db: Executor, id: number): Promise<void> {
  await query(db, sql`UPDATE operators SET last_sign_in_at = now() WHERE id = ${id}`);
}

// ---- Brands ----

export interface BrandRef {
  id: number;
  code: string;
  name: string;
}

/** Brands by merchant code; the codes that name no brand are left out. */
export async function findBrandsByCode(db: Executor, codes: readonly string[]): Promise<BrandRef[]> {
  if (codes.length === 0) return [];
  const rows = await query<Row>(
    db,
    sql`SELECT id, code, name FROM merchants WHERE code = ANY(${textArray(codes)}) ORDER BY code`,
  );
  return rows.map((row) => ({ id: toNumber(row.id), code: row.code as string, name: row.name as string }));
}

/** The brands of these ids, or every brand (null). */
export async function findBrands(db: Executor, ids: readonly number[] | null): Promise<BrandRef[]> {
  const rows = await query<Row>(
    db,
    ids === null
      ? sql`SELECT id, code, name FROM merchants ORDER BY code`
      : sql`SELECT id, code, name FROM merchants WHERE id = ANY(${bigintArray(ids)}) ORDER BY code`,
  );
  return rows.map((row) => ({ id: toNumber(row.id), code: row.code as string, name: row.name as string }));
}

// ---- Sessions ----

export async function insertSession(
  db: Executor,
  session: { operatorId: number; tokenHash: string; expiresAt: Date; ip: string; userAgent: string },
): Promise<number> {
  const rows = await query<Row>(
    db,
    sql`INSERT INTO operator_sessions (operator_id, token_hash, expires_at, ip, user_agent)
        VALUES (${session.operatorId}, ${session.tokenHash}, ${session.expiresAt.toISOString()}::timestamptz,
                ${session.ip}, ${session.userAgent})
        RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}

export interface LiveSessionRow {
  sessionId: number;
  operatorId: number;
  login: string;
  roles: RoleName[];
  allBrands: boolean;
  merchantIds: number[];
  lastSeenAt: Date;
  expiresAt: Date;
}

/** A session not ended, within 12 hours of sign-in and `idleSeconds` of its last call, of an active operator. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  idleSeconds: number,
): Promise<LiveSessionRow | undefined> {
  const rows = await query<Row>(
    db,
    sql`SELECT s.id AS session_id, s.last_seen_at, s.expires_at, o.id AS operator_id, o.login, o.roles, o.all_brands,
               coalesce((SELECT array_agg(b.merchant_id) FROM operator_brands b WHERE b.operator_id = o.id), '{}') AS merchant_ids
          FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
         WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > now()
           AND s.last_seen_at > now() - make_interval(secs => ${idleSeconds})
           AND o.status = 'active'`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    sessionId: toNumber(row.session_id),
    operatorId: toNumber(row.operator_id),
    login: row.login as string,
    roles: toArray(row.roles) as RoleName[],
    allBrands: row.all_brands as boolean,
    merchantIds: toArray(row.merchant_ids).map(toNumber),
    lastSeenAt: toDate(row.last_seen_at) ?? new Date(0),
    expiresAt: toDate(row.expires_at) ?? new Date(0),
  };
}

export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await query(db, sql`UPDATE operator_sessions SET last_seen_at = now() WHERE id = ${sessionId}`);
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE operator_sessions SET revoked_at = now() WHERE token_hash = ${tokenHash} AND revoked_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

/** Ends every session of an operator; the number that were not ended yet. */
export async function revokeOperatorSessions(db: Executor, operatorId: number): Promise<number> {
  const rows = await query(
    db,
    sql`UPDATE operator_sessions SET revoked_at = now()
         WHERE operator_id = ${operatorId} AND revoked_at IS NULL RETURNING id`,
  );
  return rows.length;
}

export async function countLiveSessions(db: Executor, operatorId: number, idleSeconds: number): Promise<number> {
  const rows = await query<Row>(
    db,
    sql`SELECT count(*) AS n FROM operator_sessions
         WHERE operator_id = ${operatorId} AND revoked_at IS NULL AND expires_at > now()
           AND last_seen_at > now() - make_interval(secs => ${idleSeconds})`,
  );
  return toNumber(rows[0]?.n ?? 0);
}

// ---- Sign-in challenges ----

export interface ChallengeRow {
  id: number;
  operatorId: number;
  enrolSecret: string | null;
  failures: number;
  /** Still usable: not used and not expired (by the database's clock). */
  usable: boolean;
}

export async function insertChallenge(
  db: Executor,
  challenge: {
    operatorId: number;
    tokenHash: string;
    enrolSecret: string | null;
    ip: string;
    userAgent: string;
    seconds: number;
  },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO operator_sign_in_challenges (operator_id, token_hash, enrol_secret, ip, user_agent, expires_at)
        VALUES (${challenge.operatorId}, ${challenge.tokenHash}, ${challenge.enrolSecret}, ${challenge.ip},
                ${challenge.userAgent}, now() + make_interval(secs => ${challenge.seconds}))`,
  );
}

/** The challenge of a token, locked: its wrong codes are counted one after the other. */
export async function lockChallenge(db: Executor, tokenHash: string): Promise<ChallengeRow | undefined> {
  const rows = await query<Row>(
    db,
    sql`SELECT id, operator_id, enrol_secret, failures, (used_at IS NULL AND expires_at > now()) AS usable
          FROM operator_sign_in_challenges WHERE token_hash = ${tokenHash} FOR UPDATE`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    operatorId: toNumber(row.operator_id),
    enrolSecret: (row.enrol_secret as string | null) ?? null,
    failures: toNumber(row.failures),
    usable: row.usable as boolean,
  };
}

/** Counts an answer to the challenge before it is checked. */
export async function countChallengeFailure(db: Executor, id: number): Promise<void> {
  await query(db, sql`UPDATE operator_sign_in_challenges SET failures = failures + 1 WHERE id = ${id}`);
}

/** Uses the challenge up; false when it was used already (one session per challenge). */
export async function useChallenge(db: Executor, id: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE operator_sign_in_challenges SET used_at = now()
         WHERE id = ${id} AND used_at IS NULL AND expires_at > now() RETURNING id`,
  );
  return rows.length > 0;
}

// ---- Recovery codes ----

export async function replaceRecoveryCodes(db: Executor, operatorId: number, hashes: readonly string[]): Promise<void> {
  await query(db, sql`DELETE FROM operator_recovery_codes WHERE operator_id = ${operatorId}`);
  if (hashes.length === 0) return;
  await query(
    db,
    sql`INSERT INTO operator_recovery_codes (operator_id, code_hash) SELECT ${operatorId}, unnest(${textArray(hashes)})`,
  );
}

/** Uses a recovery code up; false when it is not one of the operator's unused codes. */
export async function useRecoveryCode(db: Executor, operatorId: number, hash: string): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE operator_recovery_codes SET used_at = now()
         WHERE operator_id = ${operatorId} AND code_hash = ${hash} AND used_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Executor, operatorId: number): Promise<number> {
  const rows = await query<Row>(
    db,
    sql`SELECT count(*) AS n FROM operator_recovery_codes WHERE operator_id = ${operatorId} AND used_at IS NULL`,
  );
  return toNumber(rows[0]?.n ?? 0);
}

// ---- Invitations ----

/** A new invitation; the operator's earlier ones stop working. */
export async function insertInvitation(
  db: Executor,
  invitation: { operatorId: number; tokenHash: string; seconds: number },
): Promise<Date> {
  await query(
    db,
    sql`UPDATE operator_invitations SET replaced_at = now()
         WHERE operator_id = ${invitation.operatorId} AND accepted_at IS NULL AND replaced_at IS NULL`,
  );
  const rows = await query<Row>(
    db,
    sql`INSERT INTO operator_invitations (operator_id, token_hash, expires_at)
        VALUES (${invitation.operatorId}, ${invitation.tokenHash}, now() + make_interval(secs => ${invitation.seconds}))
        RETURNING expires_at`,
  );
  return toDate(rows[0]?.expires_at) ?? new Date(0);
}

export interface InvitationRow {
  id: number;
  operatorId: number;
  expiresAt: Date;
}

/** A pending invitation of a token (not accepted, replaced or expired), locked when asked. */
export async function findPendingInvitation(
  db: Executor,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<InvitationRow | undefined> {
  const rows = await query<Row>(
    db,
    sql`SELECT id, operator_id, expires_at FROM operator_invitations
         WHERE token_hash = ${tokenHash} AND accepted_at IS NULL AND replaced_at IS NULL AND expires_at > now()
         ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  const row = rows[0];
  return row && { id: toNumber(row.id), operatorId: toNumber(row.operator_id), expiresAt: toDate(row.expires_at)! };
}

export async function findPendingInvitationOf(db: Executor, operatorId: number): Promise<Date | null> {
  const rows = await query<Row>(
    db,
    sql`SELECT max(expires_at) AS expires_at FROM operator_invitations
         WHERE operator_id = ${operatorId} AND accepted_at IS NULL AND replaced_at IS NULL AND expires_at > now()`,
  );
  return toDate(rows[0]?.expires_at);
}

export async function acceptInvitation(db: Executor, id: number): Promise<void> {
  await query(db, sql`UPDATE operator_invitations SET accepted_at = now() WHERE id = ${id}`);
}

// ---- Sign-in throttle ----

export interface ThrottleState {
  /** Failures in the key's window, the attempts being checked included. */
  failures: number;
  /** A wait still running, by the database's clock. */
  waitUntil: Date | null;
}

/** The counts of these keys, locked in key order (rows made when missing), so attempts are judged in turn. */
export async function lockThrottle(
  db: Executor,
  keys: readonly string[],
  windowSeconds: number,
): Promise<Map<string, ThrottleState>> {
  const sorted = [...new Set(keys)].sort();
  await query(
    db,
    sql`INSERT INTO operator_sign_in_throttle (key) SELECT unnest(${textArray(sorted)}) ON CONFLICT (key) DO NOTHING`,
  );
  const rows = await query<Row>(
    db,
    sql`SELECT key,
               CASE WHEN window_started_at < now() - make_interval(secs => ${windowSeconds}) THEN 0 ELSE failures END AS failures,
               CASE WHEN wait_until > now() THEN wait_until END AS wait_until
          FROM operator_sign_in_throttle WHERE key = ANY(${textArray(sorted)}) ORDER BY key FOR UPDATE`,
  );
  return new Map(
    rows.map((row) => [row.key as string, { failures: toNumber(row.failures), waitUntil: toDate(row.wait_until) }]),
  );
}

/** Counts one failure on a locked key (a new window when the old one is over) and starts its wait, if any. */
export async function countThrottleFailure(
  db: Executor,
  key: string,
  options: { windowSeconds: number; waitSeconds: number | null },
): Promise<void> {
  const stale = sql`window_started_at < now() - make_interval(secs => ${options.windowSeconds})`;
  await query(
    db,
    sql`UPDATE operator_sign_in_throttle
           SET failures = CASE WHEN ${stale} THEN 1 ELSE failures + 1 END,
               window_started_at = CASE WHEN ${stale} THEN now() ELSE window_started_at END,
               wait_until = ${options.waitSeconds === null ? null : sql`now() + make_interval(secs => ${options.waitSeconds})`}
         WHERE key = ${key}`,
  );
}

/** A right answer: the key starts afresh. */
export async function clearThrottle(db: Executor, key: string): Promise<void> {
  await query(db, sql`DELETE FROM operator_sign_in_throttle WHERE key = ${key}`);
}

/** A right answer takes its own attempt back from a shared key; the key's other failures stay. */
export async function uncountThrottleFailure(db: Executor, key: string): Promise<void> {
  await query(db, sql`UPDATE operator_sign_in_throttle SET failures = GREATEST(failures - 1, 0) WHERE key = ${key}`);
}

// ---- IP allow-lists ----

export interface AllowListRow {
  entries: { cidr: string; note: string }[];
  version: number;
}

export async function findAllowList(db: Executor, merchantId: number): Promise<AllowListRow> {
  const rows = await query<Row>(
    db,
    sql`SELECT entries, version FROM operator_ip_allow_lists WHERE merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  if (!row) return { entries: [], version: 0 };
  return { entries: row.entries as AllowListRow['entries'], version: toNumber(row.version) };
}

/** Writes a brand's list if it is still at `version` (0: a brand with no list yet); false when another change came first. */
export async function updateAllowList(
  db: Executor,
  merchantId: number,
  version: number,
  entries: AllowListRow['entries'],
): Promise<boolean> {
  const json = JSON.stringify(entries);
  const rows = await query(
    db,
    version === 0
      ? sql`INSERT INTO operator_ip_allow_lists (merchant_id, entries, version) VALUES (${merchantId}, ${json}::jsonb, 1)
            ON CONFLICT (merchant_id) DO NOTHING RETURNING version`
      : sql`UPDATE operator_ip_allow_lists SET entries = ${json}::jsonb, version = version + 1, updated_at = now()
             WHERE merchant_id = ${merchantId} AND version = ${version} RETURNING version`,
  );
  return rows.length > 0;
}

/**
 * Deletes at most `limit` throttle rows with nothing left to count: a window that began before
 * `windowStartedBefore` and no wait still to run at `now` (as no row at all). Rows an attempt holds are
 * skipped. Index: operator_sign_in_throttle_window_idx (0064).
 */
export async function deleteEndedThrottles(
  db: Executor,
  options: { now: Date; windowStartedBefore: Date; limit: number },
): Promise<number> {
  const rows = await query<Row>(
    db,
    sql`WITH old AS (
          SELECT key FROM operator_sign_in_throttle
           WHERE window_started_at < ${options.windowStartedBefore.toISOString()}::timestamptz
             AND (wait_until IS NULL OR wait_until <= ${options.now.toISOString()}::timestamptz)
           LIMIT ${options.limit} FOR UPDATE SKIP LOCKED
        ), gone AS (
          DELETE FROM operator_sign_in_throttle t USING old WHERE t.key = old.key RETURNING 1
        )
        SELECT count(*) AS n FROM gone`,
  );
  return toNumber(rows[0]?.n ?? 0);
}
