import type { BoReferralRules, ReferralStatus } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

/** A brand's referral rules as stored (defaults, off, when it has none). */
export interface RulesRow extends BoReferralRules {
  version: number;
  updatedAt: string | null;
}

export const NO_RULES: RulesRow = {
  enabled: false,
  minDepositMinor: 0,
  minTurnoverMinor: 0,
  inviterRewardMinor: 0,
  invitedRewardMinor: 0,
  version: 0,
  updatedAt: null,
};

export async function findRules(db: Executor, merchantId: number): Promise<RulesRow> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT enabled, min_deposit_minor, min_turnover_minor, inviter_reward_minor, invited_reward_minor, version,
               updated_at
        FROM referral_rules WHERE merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  if (!row) return NO_RULES;
  return {
    enabled: row['enabled'] === true,
    minDepositMinor: toNumber(row['min_deposit_minor']),
    minTurnoverMinor: toNumber(row['min_turnover_minor']),
    inviterRewardMinor: toNumber(row['inviter_reward_minor']),
    invitedRewardMinor: toNumber(row['invited_reward_minor']),
    version: toNumber(row['version']),
    updatedAt: toIso(row['updated_at']),
  };
}

/** Writes the brand's rules if still at `version` (a brand with none is at 0); false when stale. */
export async function saveRules(
  db: Executor,
  merchantId: number,
  version: number,
  rules: BoReferralRules,
): Promise<boolean> {
  // The first save writes the row at version 1; a brand's row exists from then on, at 1 or more.
  const rows = await query(
    db,
    version === 0
      ? sql`INSERT INTO referral_rules (merchant_id, enabled, min_deposit_minor, min_turnover_minor, inviter_reward_minor,
                                        invited_reward_minor, version)
            VALUES (${merchantId}, ${rules.enabled}, ${rules.minDepositMinor}, ${rules.minTurnoverMinor},
                    ${rules.inviterRewardMinor}, ${rules.invitedRewardMinor}, 1)
            ON CONFLICT (merchant_id) DO NOTHING RETURNING 1`
      : sql`UPDATE referral_rules SET enabled = ${rules.enabled}, min_deposit_minor = ${rules.minDepositMinor},
              min_turnover_minor = ${rules.minTurnoverMinor}, inviter_reward_minor = ${rules.inviterRewardMinor},
              invited_reward_minor = ${rules.invitedRewardMinor}, version = version + 1, updated_at = now()
            WHERE merchant_id = ${merchantId} AND version = ${version} RETURNING 1`,
  );
  return rows.length > 0;
}

/**
 * A feed batch (after, last] into the invited members' progress, in one statement (decision 0057): each credited
 * deposit of a member with an inviter adds its amount, each settled round its valid bet, to the member's row while it
 * is still counting. Answers the invited members whose row now reaches their brand's rules (switched on): the ones to
 * settle in the same transaction.
 */
export async function countBatch(db: Executor, after: FeedPosition, last: FeedPosition): Promise<number[]> {
  const rows = await query<{ invited_member_id: unknown }>(
    db,
    sql`WITH sums AS (
          SELECT f.member_id, m.merchant_id, m.referrer_id,
                 sum(CASE WHEN f.kind = 'deposit' THEN f.amount_minor ELSE 0 END)::bigint AS deposit,
                 sum(CASE WHEN f.kind = 'round' THEN f.valid_bet_minor ELSE 0 END)::bigint AS turnover
          FROM settlement_feed f
          JOIN members m ON m.id = f.member_id AND m.referrer_id IS NOT NULL
          WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
            AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)
            AND f.kind IN ('round', 'deposit')
          GROUP BY f.member_id, m.merchant_id, m.referrer_id
        ),
        written AS (
          INSERT INTO referral_progress AS p (invited_member_id, merchant_id, inviter_id, deposit_minor, turnover_minor)
          SELECT member_id, merchant_id, referrer_id, greatest(deposit, 0), greatest(turnover, 0)
          FROM sums
          ORDER BY member_id
          ON CONFLICT (invited_member_id) DO UPDATE
            SET deposit_minor = p.deposit_minor + EXCLUDED.deposit_minor,
                turnover_minor = p.turnover_minor + EXCLUDED.turnover_minor,
                updated_at = now()
            WHERE p.status = 'counting'
          RETURNING p.invited_member_id, p.merchant_id, p.deposit_minor, p.turnover_minor
        )
        SELECT w.invited_member_id FROM written w
        JOIN referral_rules r ON r.merchant_id = w.merchant_id AND r.enabled
         AND w.deposit_minor >= r.min_deposit_minor AND w.turnover_minor >= r.min_turnover_minor
        ORDER BY w.invited_member_id`,
  );
  return rows.map((row) => toNumber(row.invited_member_id));
}

/** An invited member's row. */
export interface ProgressRow {
  invitedMemberId: number;
  merchantId: number;
  inviterId: number;
  currency: string;
  depositMinor: number;
  turnoverMinor: number;
  status: ReferralStatus;
  rewardMinor: number | null;
  invitedRewardMinor: number | null;
  paidAt: string | null;
}

const PROGRESS_COLUMNS = sql`p.invited_member_id, p.merchant_id, p.inviter_id, b.currency, p.deposit_minor,
  p.turnover_minor, p.status, p.reward_minor, p.invited_reward_minor, p.paid_at`;

function toProgress(row: Record<string, unknown>): ProgressRow {
  return {
    invitedMemberId: toNumber(row['invited_member_id']),
    merchantId: toNumber(row['merchant_id']),
    inviterId: toNumber(row['inviter_id']),
    currency: String(row['currency']),
    depositMinor: toNumber(row['deposit_minor']),
    turnoverMinor: toNumber(row['turnover_minor']),
    status: row['status'] as ReferralStatus,
    rewardMinor: row['reward_minor'] === null ? null : toNumber(row['reward_minor']),
    invitedRewardMinor: row['invited_reward_minor'] === null ? null : toNumber(row['invited_reward_minor']),
    paidAt: row['paid_at'] ? toIso(row['paid_at']) : null,
  };
}

/** The invited member's row, locked for its settlement; undefined when the feed counted nothing of it yet. */
export async function lockProgress(db: Executor, invitedMemberId: number): Promise<ProgressRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${PROGRESS_COLUMNS} FROM referral_progress p JOIN merchants b ON b.id = p.merchant_id
        WHERE p.invited_member_id = ${invitedMemberId} FOR UPDATE OF p`,
  );
  return rows[0] ? toProgress(rows[0]) : undefined;
}

/** The rows of the given invited members (the inviter's page). */
export async function findProgress(db: Executor, invitedMemberIds: readonly number[]): Promise<ProgressRow[]> {
  if (invitedMemberIds.length === 0) return [];
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${PROGRESS_COLUMNS} FROM referral_progress p JOIN merchants b ON b.id = p.merchant_id
        WHERE p.invited_member_id = ANY(${`{${invitedMemberIds.join(',')}}`}::bigint[])`,
  );
  return rows.map(toProgress);
}

/** Moves a locked row on: held (with the rewards held), paid (with the movements) or rejected. */
export async function markSettled(
  db: Executor,
  invitedMemberId: number,
  change:
    | { status: 'held'; rewardMinor: number; invitedRewardMinor: number }
    | {
        status: 'paid';
        rewardMinor: number;
        invitedRewardMinor: number;
        movementId: number;
        invitedMovementId: number | null;
      }
    | { status: 'rejected' },
): Promise<void> {
  if (change.status === 'rejected') {
    await query(
      db,
      sql`UPDATE referral_progress SET status = 'rejected', updated_at = now()
          WHERE invited_member_id = ${invitedMemberId} AND status = 'held'`,
    );
    return;
  }
  await query(
    db,
    sql`UPDATE referral_progress
        SET status = ${change.status}, qualified_at = coalesce(qualified_at, now()), reward_minor = ${change.rewardMinor},
            invited_reward_minor = ${change.invitedRewardMinor},
            movement_id = ${change.status === 'paid' ? change.movementId : null},
            invited_movement_id = ${change.status === 'paid' ? change.invitedMovementId : null},
            paid_at = ${change.status === 'paid' ? sql`now()` : sql`NULL`}, updated_at = now()
        WHERE invited_member_id = ${invitedMemberId}`,
  );
}

/** What an inviter was paid for its invited members (the inviter's rewards only). */
export async function sumEarned(db: Executor, inviterId: number): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(reward_minor), 0) AS total FROM referral_progress
        WHERE inviter_id = ${inviterId} AND status = 'paid'`,
  );
  return toNumber(rows[0]?.total ?? 0);
}

/** The brand's figures for the back office. */
export async function findStats(
  db: Executor,
  merchantId: number,
): Promise<{ invited: number; paid: number; held: number; rewardPaidMinor: number }> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT count(*) AS invited, count(*) FILTER (WHERE status = 'paid') AS paid,
               count(*) FILTER (WHERE status = 'held') AS held,
               coalesce(sum(reward_minor + coalesce(invited_reward_minor, 0)) FILTER (WHERE status = 'paid'), 0)
                 AS reward_paid
        FROM referral_progress WHERE merchant_id = ${merchantId}`,
  );
  const row = rows[0] ?? {};
  return {
    invited: toNumber(row['invited'] ?? 0),
    paid: toNumber(row['paid'] ?? 0),
    held: toNumber(row['held'] ?? 0),
    rewardPaidMinor: toNumber(row['reward_paid'] ?? 0),
  };
}
