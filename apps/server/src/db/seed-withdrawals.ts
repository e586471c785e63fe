import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client';

/** The demo member's bank account (its registered real name holds it). */
export const DEMO_BANK_ACCOUNT = { bankCode: 'KB', bankName: 'KB국민은행', accountNumber: '11022233344' } as const;

/**
 * The demo member's withdrawals (decision 0041), written once (when it has none), after its deposits
 * (seed-cashier.ts): a bank account, a withdrawal paid two hours ago and confirmed received, and one waiting for
 * finance's review, each with its ledger movements as the withdrawals module writes them (the hold: member −,
 * withdrawal_hold +; the payout: withdrawal_hold −, cashier +, with the settlement feed's event). Skipped when the
 * balance cannot cover them. Later requests by the member start from a turnover met: its deposits came before these.
 */
export async function seedDemoWithdrawals(db: Database, merchantCode: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await query<{
      id: unknown;
      currency: string;
      exponent: unknown;
      member_id: unknown;
      payee_name: string | null;
    }>(
      tx,
      sql`SELECT b.id, b.currency, b.currency_exponent AS exponent, m.id AS member_id, m.payee_name
          FROM merchants b JOIN members m ON m.merchant_id = b.id AND lower(m.account) = 'demo'
          WHERE b.code = ${merchantCode}
          FOR UPDATE OF m`,
    );
    if (!row?.payee_name) return 0;
    const merchantId = toNumber(row.id);
    const memberId = toNumber(row.member_id);
    const scale = 10 ** toNumber(row.exponent);
    const currency = row.currency;
    if ((await query(tx, sql`SELECT 1 FROM withdrawal_requests WHERE member_id = ${memberId} LIMIT 1`)).length > 0) {
      return 0;
    }
    const paid = 20_000 * scale;
    const waiting = 10_000 * scale;
    const [member] = await query<{ id: unknown; balance_minor: unknown }>(
      tx,
      sql`SELECT id, balance_minor FROM wallet_accounts
          WHERE owner_type = 'member' AND member_id = ${memberId} AND currency = ${currency} FOR UPDATE`,
    );
    if (!member || toNumber(member.balance_minor) < paid + waiting) return 0;

    const [account] = await query<{ id: unknown }>(
      tx,
      sql`INSERT INTO member_bank_accounts (merchant_id, member_id, bank_code, bank_name, account_number, holder_name,
            bound_ip, created_at)
          VALUES (${merchantId}, ${memberId}, ${DEMO_BANK_ACCOUNT.bankCode}, ${DEMO_BANK_ACCOUNT.bankName},
                  ${DEMO_BANK_ACCOUNT.accountNumber}, ${row.payee_name}, '127.0.0.1', now() - interval '1 day')
          RETURNING id`,
    );
    const brandAccount = async (type: 'cashier' | 'withdrawal_hold') =>
      toNumber(
        (
          await query<{ id: unknown }>(
            tx,
            sql`INSERT INTO wallet_accounts (merchant_id, owner_type, currency) VALUES (${merchantId}, ${type}, ${currency})
                ON CONFLICT (merchant_id, currency, owner_type) WHERE owner_type IN ('cashier', 'withdrawal_hold')
                DO UPDATE SET updated_at = wallet_accounts.updated_at
                RETURNING id`,
          )
        )[0]!.id,
      );
    const holdId = await brandAccount('withdrawal_hold');
    const cashierId = await brandAccount('cashier');
    // Dated two hours and 20 minutes ago; on a data folder whose member has moved money since, just after its last
    // movement (seconds apart), so every balance after still follows the one before.
    const [last] = await query<{ recent: boolean }>(
      tx,
      sql`SELECT coalesce(max(created_at) > now() - interval '2 hours 30 minutes', false) AS recent
          FROM wallet_movements WHERE member_id = ${memberId}`,
    );
    const recent = last?.recent === true;
    const step = recent ? 'seconds' : 'minutes';
    const request = async (amount: number, age: string, paidState: boolean) => {
      const at = recent
        ? sql`(SELECT max(created_at) FROM wallet_movements WHERE member_id = ${memberId}) + interval '1 second'`
        : sql`now() - ${age}::interval`;
      const [inserted] = await query<{ id: unknown }>(
        tx,
        paidState
          ? sql`INSERT INTO withdrawal_requests (merchant_id, member_id, bank_account_id, request_id, currency,
                  amount_minor, status, ip, payout_method, payout_ref, reviewed_by, created_at, reviewed_at, paid_at,
                  confirm_due_at, confirmed_at)
                VALUES (${merchantId}, ${memberId}, ${account!.id}, ${`demo-withdrawal-${age}`}, ${currency}, ${amount},
                        'confirmed_received', '127.0.0.1', 'manual', 'DEMO-PAYOUT-1', 'demo-finance', ${at},
                        ${at} + ${`10 ${step}`}::interval, ${at} + ${`15 ${step}`}::interval,
                        ${at} + ${`15 ${step}`}::interval + interval '1440 minutes', ${at} + ${`30 ${step}`}::interval)
                RETURNING id`
          : sql`INSERT INTO withdrawal_requests (merchant_id, member_id, bank_account_id, request_id, currency,
                  amount_minor, status, ip, created_at)
                VALUES (${merchantId}, ${memberId}, ${account!.id}, ${`demo-withdrawal-${age}`}, ${currency}, ${amount},
                        'requested', '127.0.0.1', ${at})
                RETURNING id`,
      );
      const id = toNumber(inserted!.id);
      const [balance] = await query<{ balance_minor: unknown }>(
        tx,
        sql`UPDATE wallet_accounts SET balance_minor = balance_minor - ${amount}, updated_at = now()
            WHERE id = ${member.id} RETURNING balance_minor`,
      );
      await movement(tx, {
        merchantId,
        memberId,
        currency,
        kind: 'withdrawal_hold',
        amount: -amount,
        key: `withdrawal-hold:${id}`,
        reason: `withdrawal ${id}`,
        at,
        entries: [
          { accountId: toNumber(member.id), amount: -amount, balanceAfter: toNumber(balance!.balance_minor) },
          { accountId: holdId, amount, balanceAfter: null },
        ],
      });
      if (!paidState) return;
      const paidAt = sql`${at} + ${`15 ${step}`}::interval`;
      await movement(tx, {
        merchantId,
        memberId,
        currency,
        kind: 'withdrawal_payout',
        amount,
        key: `withdrawal-payout:${id}`,
        reason: `withdrawal ${id}`,
        at: paidAt,
        entries: [
          { accountId: holdId, amount: -amount, balanceAfter: null },
          { accountId: cashierId, amount, balanceAfter: null },
        ],
      });
      await query(
        tx,
        sql`INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, amount_minor, at)
            VALUES ('withdrawal', ${merchantId}, ${memberId}, ${currency}, ${amount}, ${paidAt})`,
      );
    };
    await request(paid, '2 hours', true);
    await request(waiting, '20 minutes', false);
    return 2;
  });
}

async function movement(
  tx: Executor,
  input: {
    merchantId: number;
    memberId: number;
    currency: string;
    kind: string;
    /** The movement's amount as the wallet writes it: the member's side, or the amount moved between brand accounts. */
    amount: number;
    key: string;
    reason: string;
    at: ReturnType<typeof sql>;
    entries: { accountId: number; amount: number; balanceAfter: number | null }[];
  },
): Promise<void> {
  const [moved] = await query<{ id: unknown }>(
    tx,
    sql`INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
          created_at)
        VALUES (${input.merchantId}, ${input.kind}, ${input.key}, ${input.memberId}, ${input.currency},
                ${input.amount}, ${input.reason}, ${input.at})
        RETURNING id`,
  );
  await query(
    tx,
    sql`INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor, created_at)
        VALUES ${sql.join(
          input.entries.map(
            (entry) => sql`(${moved!.id}, ${entry.accountId}, ${entry.amount}, ${entry.balanceAfter}, ${input.at})`,
          ),
          sql`, `,
        )}`,
  );
}
