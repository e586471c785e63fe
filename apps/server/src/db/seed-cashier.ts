import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo brand's deposit methods: the sandbox provider's page, and a bank transfer finance confirms. */
export const DEMO_DEPOSIT_METHODS = {
  sandbox: 'Sandbox pay',
  bank: 'Bank transfer',
} as const;

/**
 * The demo member's past deposits, within half a day: the demo member's 30 days of rounds (seed-member-history.ts) end
 * just before its first movement.
 */
const PAST = [
  { method: 'sandbox', amount: 100_000, state: 'credited', age: '10 hours', reason: null },
  { method: 'sandbox', amount: 20_000, state: 'expired', age: '8 hours', reason: null },
  { method: 'bank', amount: 30_000, state: 'failed', age: '6 hours', reason: 'the bank did not confirm the transfer' },
  { method: 'sandbox', amount: 30_000, state: 'credited', age: '3 hours', reason: null },
] as const;

/**
 * The demo brand's deposit methods (decision 0039), added once by name, and the demo member's few past deposits,
 * added once (when it has none): credited ones with their ledger movement (member +, the brand's cashier account −)
 * and the balance after, as the cashier writes them. Not in the settlement feed: the reports' figures are the demo
 * rounds' (seed-history.ts) and the deposits made on the running site, and a brand's days are counted in its zone
 * when the feed is read, which a seed written before an operator sets the zone would not follow. On a data folder whose member has
 * movements already, the deposits are dated just before now, so every balance after still follows the one before.
 */
export async function seedDemoCashier(db: Database, merchantCode: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [brand] = await query<{ id: unknown; currency: string; exponent: unknown; member_id: unknown }>(
      tx,
      sql`SELECT b.id, b.currency, b.currency_exponent AS exponent, m.id AS member_id
          FROM merchants b LEFT JOIN members m ON m.merchant_id = b.id AND lower(m.account) = 'demo'
          WHERE b.code = ${merchantCode}`,
    );
    if (!brand) return;
    const merchantId = toNumber(brand.id);
    const scale = 10 ** toNumber(brand.exponent);
    await query(
      tx,
      sql`INSERT INTO cashier_methods (merchant_id, name, kind, provider_code, min_amount_minor, max_amount_minor,
            display_order, bank_name, bank_account_number, bank_holder_name)
          VALUES (${merchantId}, ${DEMO_DEPOSIT_METHODS.sandbox}, 'provider', 'sandbox', ${10_000 * scale},
                  ${5_000_000 * scale}, 1, NULL, NULL, NULL),
                 (${merchantId}, ${DEMO_DEPOSIT_METHODS.bank}, 'manual_bank', NULL, ${10_000 * scale},
                  ${10_000_000 * scale}, 2, 'Parlay Bank', '110-234-567890', 'Parlay Ltd')
          ON CONFLICT (merchant_id, name) DO NOTHING`,
    );
    if (brand.member_id === null) return;
    const memberId = toNumber(brand.member_id);
    const seeded = await query(tx, sql`SELECT 1 FROM cashier_deposits WHERE member_id = ${memberId} LIMIT 1`);
    if (seeded.length > 0) return;
    const methods = await query<{ id: unknown; name: string }>(
      tx,
      sql`SELECT id, name FROM cashier_methods WHERE merchant_id = ${merchantId}
          AND name IN (${DEMO_DEPOSIT_METHODS.sandbox}, ${DEMO_DEPOSIT_METHODS.bank})`,
    );
    const methodId = (key: 'sandbox' | 'bank') =>
      toNumber(methods.find((row) => row.name === DEMO_DEPOSIT_METHODS[key])?.id);
    const currency = brand.currency;
    const [cashier] = await query<{ id: unknown }>(
      tx,
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, currency) VALUES (${merchantId}, 'cashier', ${currency})
          ON CONFLICT (merchant_id, currency, owner_type) WHERE owner_type IN ('cashier', 'withdrawal_hold')
          DO UPDATE SET updated_at = wallet_accounts.updated_at
          RETURNING id`,
    );
    await query(
      tx,
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
          VALUES (${merchantId}, 'member', ${memberId}, ${currency}, 0)
          ON CONFLICT (member_id, currency) WHERE owner_type = 'member' DO NOTHING`,
    );
    const moved = await query(tx, sql`SELECT 1 FROM wallet_movements WHERE member_id = ${memberId} LIMIT 1`);
    for (const [index, deposit] of PAST.entries()) {
      const at =
        moved.length > 0
          ? sql`now() - ${`${PAST.length - index} minutes`}::interval`
          : sql`now() - ${deposit.age}::interval`;
      const amount = deposit.amount * scale;
      const kind = deposit.method === 'sandbox' ? 'provider' : 'manual_bank';
      const [order] = await query<{ id: unknown; order_no: string }>(
        tx,
        sql`INSERT INTO cashier_deposits (order_no, merchant_id, member_id, method_id, method_kind, provider_code,
              currency, currency_exponent, amount_minor, fee_minor, state, provider_ref, bank_reference, failure_reason,
              expires_at, created_at, updated_at)
            SELECT 'D' || to_char(${at}, 'YYMMDD') || upper(substr(md5(${`demo-deposit-${memberId}-${index}`}), 1, 10)),
                   ${merchantId}, ${memberId}, ${methodId(deposit.method)}, ${kind},
                   ${kind === 'provider' ? 'sandbox' : null}, ${currency}, ${toNumber(brand.exponent)}, ${amount}, 0,
                   ${deposit.state === 'credited' ? 'pending' : deposit.state},
                   ${kind === 'provider' ? sql`'SBX' || upper(substr(md5(${`demo-ref-${memberId}-${index}`}), 1, 12))` : null},
                   ${kind === 'manual_bank' ? sql`upper(substr(md5(${`demo-bank-${memberId}-${index}`}), 1, 8))` : null},
                   ${deposit.reason}, ${at} + interval '15 minutes', ${at}, ${at}
            RETURNING id, order_no`,
      );
      if (deposit.state !== 'credited' || !order) continue;
      const orderId = toNumber(order.id);
      const [balance] = await query<{ id: unknown; balance_minor: unknown }>(
        tx,
        sql`UPDATE wallet_accounts SET balance_minor = balance_minor + ${amount}, updated_at = now()
            WHERE owner_type = 'member' AND member_id = ${memberId} AND currency = ${currency}
            RETURNING id, balance_minor`,
      );
      const [movement] = await query<{ id: unknown }>(
        tx,
        sql`INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
              created_at)
            VALUES (${merchantId}, 'deposit', ${`deposit:${orderId}`}, ${memberId}, ${currency}, ${amount},
                    ${order.order_no}, ${at} + interval '2 minutes')
            RETURNING id`,
      );
      await query(
        tx,
        sql`INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor, created_at)
            VALUES (${movement!.id}, ${balance!.id}, ${amount}, ${balance!.balance_minor}, ${at} + interval '2 minutes'),
                   (${movement!.id}, ${cashier!.id}, ${-amount}, NULL, ${at} + interval '2 minutes')`,
      );
      await query(
        tx,
        sql`UPDATE cashier_deposits SET state = 'credited', movement_id = ${movement!.id},
              credited_at = ${at} + interval '2 minutes', updated_at = ${at} + interval '2 minutes'
            WHERE id = ${orderId}`,
      );
    }
  });
}
