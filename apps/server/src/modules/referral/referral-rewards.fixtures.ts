import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Executor } from '../../db/client';
import { TEST_ACTOR } from '../../test/actors';
import { createTestMember, type TestMember } from '../../test/members';

/**
 * Test fixtures of referral rewards (decision 0057): invited members, the brand's rules, draining the consumer, the
 * money check. Rounds and deposits enter the feed with the missions' fixtures (settleRound, feedDeposit).
 */

/** A member of the inviter's brand who registered with the inviter's code. */
export async function inviteMember(app: App, inviter: TestMember): Promise<TestMember> {
  const member = await createTestMember(app, { merchantCode: inviter.merchantCode });
  await app.db.execute(sql`UPDATE members SET referrer_id = ${inviter.id} WHERE id = ${member.id}`);
  return member;
}

export const TEST_REFERRAL_RULES = {
  enabled: true,
  minDepositMinor: 10_000,
  minTurnoverMinor: 5_000,
  inviterRewardMinor: 3_000,
  invitedRewardMinor: 1_000,
};

/** Sets the brand's rules (through the service, from the version it has). */
export async function setReferralRules(
  app: App,
  merchantCode: string,
  rules: Partial<typeof TEST_REFERRAL_RULES> = {},
): Promise<void> {
  const merchant = (await app.merchants.findByCode(merchantCode))!;
  const { version } = await app.referralRewards.settings(merchant);
  await app.referralRewards.saveSettings(TEST_ACTOR, merchant, { ...TEST_REFERRAL_RULES, ...rules, version });
}

/** Applies the feed until nothing is left after the referrals' checkpoint. */
export async function drainReferrals(app: App): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await app.referralRewards.consumeFeed();
    if ((await app.settlementFeed.describe(app.referralRewards.feedConsumer.name)).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the feed did not drain: a transaction stays open');
}

/** Stops the background job that would apply the feed during a test. */
export async function stopReferralJobs(app: App): Promise<void> {
  await app.housekeeping.settlementFeed?.stop();
}

/** A sign-in of the member from an IP, as the sign-in path records it. */
export async function signInFrom(app: App, member: TestMember, ip: string): Promise<void> {
  await app.db.execute(
    sql`INSERT INTO member_sign_ins (member_id, merchant_id, ip, method) VALUES (${member.id}, ${member.merchantId},
        ${ip}, 'password')`,
  );
}

/** A bank account the member bound (withdrawals' accounts). */
export async function bindBankAccount(app: App, member: TestMember, accountNumber: string): Promise<void> {
  await app.db.execute(
    sql`INSERT INTO member_bank_accounts (merchant_id, member_id, bank_code, bank_name, account_number, holder_name)
        VALUES (${member.merchantId}, ${member.id}, 'KB', 'KB Kookmin', ${accountNumber}, 'Holder')`,
  );
}

/** The referral movements of a member: count and sum. */
export async function referralPaidTo(db: Executor, memberId: number): Promise<{ count: number; total: number }> {
  const rows = await query<{ n: unknown; total: unknown }>(
    db,
    sql`SELECT count(*) AS n, coalesce(sum(amount_minor), 0) AS total FROM wallet_movements
        WHERE member_id = ${memberId} AND kind = 'referral'`,
  );
  return { count: toNumber(rows[0]?.n), total: toNumber(rows[0]?.total) };
}

/**
 * The referral rewards' money, as a reader checks it: each paid row has its inviter's movement (kind referral, key
 * referral:<invited>, the row's reward) and its invited member's when above 0; no referral movement lacks a paid row;
 * every referral movement's entries sum to zero; each member account of `memberIds` holds the sum of its entries.
 */
export async function referralBreaks(db: Executor, memberIds: readonly number[]): Promise<string[]> {
  const ids = `{${memberIds.join(',')}}`;
  const rows = await query<{ problem: string }>(
    db,
    sql`WITH paid AS (
          SELECT 'referral:' || invited_member_id AS key, inviter_id AS member_id, reward_minor AS amount, movement_id
          FROM referral_progress WHERE status = 'paid'
          UNION ALL
          SELECT 'referral:' || invited_member_id || ':invited', invited_member_id, invited_reward_minor,
                 invited_movement_id
          FROM referral_progress WHERE status = 'paid' AND invited_reward_minor > 0
        )
        SELECT p.key || ': no movement or another amount' AS problem
        FROM paid p
        LEFT JOIN wallet_movements w ON w.idempotency_key = p.key AND w.kind = 'referral' AND w.id = p.movement_id
          AND w.member_id = p.member_id
        WHERE w.id IS NULL OR w.amount_minor <> p.amount
        UNION ALL
        SELECT w.idempotency_key || ': movement without a paid row'
        FROM wallet_movements w LEFT JOIN paid p ON p.key = w.idempotency_key
        WHERE w.kind = 'referral' AND p.key IS NULL
        UNION ALL
        SELECT 'movement ' || w.id || ' sums to ' || sum(e.amount_minor)
        FROM wallet_movements w JOIN ledger_entries e ON e.movement_id = w.id
        WHERE w.kind = 'referral'
        GROUP BY w.id HAVING sum(e.amount_minor) <> 0
        UNION ALL
        SELECT 'account ' || a.id || ' holds ' || a.balance_minor || ', its entries ' || coalesce(sum(e.amount_minor), 0)
        FROM wallet_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.owner_type = 'member' AND a.member_id = ANY(${ids}::bigint[])
        GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(e.amount_minor), 0)`,
  );
  return rows.map((row) => row.problem);
}

/** The invited member's row as stored. */
export async function progressOf(
  db: Executor,
  invitedMemberId: number,
): Promise<{ status: string; deposit: number; turnover: number } | undefined> {
  const rows = await query<{ status: string; deposit_minor: unknown; turnover_minor: unknown }>(
    db,
    sql`SELECT status, deposit_minor, turnover_minor FROM referral_progress WHERE invited_member_id = ${invitedMemberId}`,
  );
  const row = rows[0];
  return row
    ? { status: row.status, deposit: toNumber(row.deposit_minor), turnover: toNumber(row.turnover_minor) }
    : undefined;
}
