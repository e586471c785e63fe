import type { AbuseEvidence, AbuseEvidenceKind, AbuseFlagKind, AbuseFlagStatus } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Addresses that say nothing of a person: loopback, private and link-local ranges (an office, a NAT, a proxy the
 * platform stands behind), and none at all. Two members signing in from them are not flagged for it.
 */
const SAYS_NOTHING_IP = String.raw`^$|^(::ffff:)?(127\.|10\.|192\.168\.|172\.(1[6-9]|2[0-9]|3[01])\.|169\.254\.|0\.)|^::1$|^f[cd]|^fe80:`;

/** Which other members of the brand a match may name. */
export type MatchScope =
  /** Only this member (a referral's inviter and invited member). */
  | { memberId: number }
  /** Members paid this sign-up bonus promotion before. */
  | { signupPromotionId: number };

function scopeSql(scope: MatchScope): SQL {
  if ('memberId' in scope) return sql`t.member_id = ${scope.memberId}`;
  return sql`EXISTS (SELECT 1 FROM member_bonuses b
                     WHERE b.member_id = t.member_id AND b.promotion_id = ${scope.signupPromotionId})`;
}

/**
 * What the member shares with other members of its brand in `scope` (decision 0057): a sign-in or registration IP (not
 * one that says nothing of a person), a sign-in or registration device (the hash of the player site's device id,
 * migration 0084), a bank account (bank and number, removed ones too), a mobile number (under any country code: the
 * brand holds one account a code and number). Another brand's members never match. At most 50 matches, by member.
 */
export async function findShared(
  db: Executor,
  merchantId: number,
  memberId: number,
  scope: MatchScope,
): Promise<AbuseEvidence[]> {
  const rows = await query<{ kind: AbuseEvidenceKind; value: string; member_id: unknown; account: string }>(
    db,
    sql`WITH mine AS (
          SELECT 'ip' AS kind, s.ip AS value FROM member_sign_ins s WHERE s.member_id = ${memberId}
          UNION SELECT 'ip', m.register_ip FROM members m WHERE m.id = ${memberId} AND m.register_ip IS NOT NULL
          UNION SELECT 'device', s.device_hash FROM member_sign_ins s
                WHERE s.member_id = ${memberId} AND s.device_hash IS NOT NULL
          UNION SELECT 'device', m.register_device_hash FROM members m
                WHERE m.id = ${memberId} AND m.register_device_hash IS NOT NULL
          UNION SELECT 'bank_account', b.bank_code || ' ' || b.account_number
                FROM member_bank_accounts b WHERE b.member_id = ${memberId}
          UNION SELECT 'phone', m.mobile_num FROM members m WHERE m.id = ${memberId} AND m.mobile_num IS NOT NULL
        ),
        theirs AS (
          SELECT 'ip' AS kind, s.ip AS value, s.member_id FROM member_sign_ins s
          WHERE s.merchant_id = ${merchantId} AND s.ip IN (SELECT value FROM mine WHERE kind = 'ip')
          UNION SELECT 'ip', m.register_ip, m.id FROM members m
          WHERE m.merchant_id = ${merchantId} AND m.register_ip IN (SELECT value FROM mine WHERE kind = 'ip')
          UNION SELECT 'device', s.device_hash, s.member_id FROM member_sign_ins s
          WHERE s.merchant_id = ${merchantId} AND s.device_hash IN (SELECT value FROM mine WHERE kind = 'device')
          UNION SELECT 'device', m.register_device_hash, m.id FROM members m
          WHERE m.merchant_id = ${merchantId}
            AND m.register_device_hash IN (SELECT value FROM mine WHERE kind = 'device')
          UNION SELECT 'bank_account', b.bank_code || ' ' || b.account_number, b.member_id FROM member_bank_accounts b
          WHERE b.merchant_id = ${merchantId}
            AND b.bank_code || ' ' || b.account_number IN (SELECT value FROM mine WHERE kind = 'bank_account')
          UNION SELECT 'phone', m.mobile_num, m.id FROM members m
          WHERE m.merchant_id = ${merchantId} AND m.mobile_num IN (SELECT value FROM mine WHERE kind = 'phone')
        )
        SELECT t.kind, t.value, t.member_id, m.account
        FROM theirs t JOIN members m ON m.id = t.member_id AND m.merchant_id = ${merchantId}
        WHERE t.member_id <> ${memberId} AND (t.kind <> 'ip' OR t.value !~ ${SAYS_NOTHING_IP})
          AND ${scopeSql(scope)}
        ORDER BY t.member_id, t.kind, t.value
        LIMIT 50`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    value: row.value,
    memberId: toNumber(row.member_id),
    account: row.account,
  }));
}

export interface AbuseFlagRow {
  id: number;
  merchantId: number;
  kind: AbuseFlagKind;
  memberId: number;
  account: string;
  matchedMemberIds: number[];
  evidence: AbuseEvidence[];
  payoutKey: string;
  payout: Record<string, number>;
  currency: string;
  amountMinor: number;
  status: AbuseFlagStatus;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

const FLAG_COLUMNS = sql`f.id, f.merchant_id, f.kind, f.member_id, coalesce(m.account, '') AS account,
  f.matched_member_ids, f.evidence, f.payout_key, f.payout, f.currency, f.amount_minor, f.status, f.reason,
  f.decided_by, f.decided_at, f.created_at`;

function toFlag(row: Record<string, unknown>): AbuseFlagRow {
  const ids = row['matched_member_ids'];
  const parsed = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    kind: row['kind'] as AbuseFlagKind,
    memberId: toNumber(row['member_id']),
    account: String(row['account']),
    matchedMemberIds: (Array.isArray(ids) ? ids : String(ids).replace(/[{}]/g, '').split(',').filter(Boolean)).map(
      (id) => toNumber(id),
    ),
    evidence: parsed(row['evidence']) as AbuseEvidence[],
    payoutKey: String(row['payout_key']),
    payout: parsed(row['payout']) as Record<string, number>,
    currency: String(row['currency']),
    amountMinor: toNumber(row['amount_minor']),
    status: row['status'] as AbuseFlagStatus,
    reason: (row['reason'] as string | null) ?? null,
    decidedBy: (row['decided_by'] as string | null) ?? null,
    decidedAt: row['decided_at'] ? toIso(row['decided_at']) : null,
    createdAt: toIso(row['created_at']),
  };
}

export interface NewFlag {
  merchantId: number;
  kind: AbuseFlagKind;
  memberId: number;
  evidence: AbuseEvidence[];
  payoutKey: string;
  payout: Record<string, number>;
  currency: string;
  amountMinor: number;
}

/** Writes the flag of a payout; undefined when the payout has one already. */
export async function insertFlag(db: Executor, flag: NewFlag): Promise<number | undefined> {
  const matched = [...new Set(flag.evidence.map((item) => item.memberId))];
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO abuse_flags (merchant_id, kind, member_id, matched_member_ids, evidence, payout_key, payout, currency,
                                 amount_minor)
        VALUES (${flag.merchantId}, ${flag.kind}, ${flag.memberId}, ${`{${matched.join(',')}}`}::bigint[],
                ${JSON.stringify(flag.evidence)}::jsonb, ${flag.payoutKey}, ${JSON.stringify(flag.payout)}::jsonb,
                ${flag.currency}, ${flag.amountMinor})
        ON CONFLICT (payout_key) DO NOTHING RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

export async function findFlags(
  db: Executor,
  merchantId: number,
  filter: { status: AbuseFlagStatus; beforeId: number | null; limit: number },
): Promise<AbuseFlagRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${FLAG_COLUMNS} FROM abuse_flags f LEFT JOIN members m ON m.id = f.member_id
        WHERE f.merchant_id = ${merchantId} AND f.status = ${filter.status}
          ${filter.beforeId === null ? sql`` : sql`AND f.id < ${filter.beforeId}`}
        ORDER BY f.id DESC LIMIT ${filter.limit}`,
  );
  return rows.map(toFlag);
}

/** A brand's flag, locked for its decision when `lock`. */
export async function findFlag(
  db: Executor,
  merchantId: number,
  flagId: number,
  lock = false,
): Promise<AbuseFlagRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${FLAG_COLUMNS} FROM abuse_flags f LEFT JOIN members m ON m.id = f.member_id
        WHERE f.merchant_id = ${merchantId} AND f.id = ${flagId}
        ${lock ? sql`FOR UPDATE OF f` : sql``}`,
  );
  return rows[0] ? toFlag(rows[0]) : undefined;
}

/** Marks a locked open flag released or rejected. */
export async function decideFlag(
  db: Executor,
  flagId: number,
  decision: { status: 'released' | 'rejected'; reason: string; decidedBy: string },
): Promise<void> {
  await query(
    db,
    sql`UPDATE abuse_flags SET status = ${decision.status}, reason = ${decision.reason},
          decided_by = ${decision.decidedBy}, decided_at = now()
        WHERE id = ${flagId} AND status = 'open'`,
  );
}
