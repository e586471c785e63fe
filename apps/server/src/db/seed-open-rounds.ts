import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The demo brand's rounds a vendor left open (decision 0021), for the back office's Open rounds page: two demo
 * players who each staked in a round two and three days ago whose vendor never sent its end. They cannot sign in.
 */
export const DEMO_OPEN_ROUNDS = [
  { account: 'demowaiting1', vendor: 'DS88', stakeMajor: 25_000, daysAgo: 3 },
  { account: 'demowaiting2', vendor: 'TCG_SEA', stakeMajor: 8_000, daysAgo: 2 },
] as const;
/** What each of them was given the day before their round, in major units. */
const FUNDING_MAJOR = 100_000;

/**
 * Writes the demo brand's open rounds once, as the seamless wallet writes a vendor's debit (seed-history.ts writes
 * the settled ones the same way): the player registered and funded by an adjustment, then the debit as a movement
 * with its two entries, the vendor's transaction that owns it, and the round left open with its stake, each at
 * its time in the past, so the player's ledger reads in order. An operator then cancels one (the stake goes back
 * through the wallet) or settles it. Idempotent: a brand that has them, or lists no game of their vendors, is
 * left as it is. Returns the rounds written.
 */
export async function seedDemoOpenRounds(db: Database, merchantCode: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [brand] = await query<{ id: unknown; currency: string; exponent: unknown }>(
      tx,
      sql`SELECT id, currency, currency_exponent AS exponent FROM merchants WHERE code = ${merchantCode}`,
    );
    if (!brand) return 0;
    const merchantId = toNumber(brand.id);
    const currency = brand.currency;
    const done = await query(
      tx,
      sql`SELECT 1 FROM game_rounds WHERE merchant_id = ${merchantId} AND round_id LIKE 'demo-o-%' LIMIT 1`,
    );
    if (done.length > 0) return 0;
    const scale = 10 ** toNumber(brand.exponent);
    await query(
      tx,
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, currency)
          VALUES (${merchantId}, 'house', ${currency})
          ON CONFLICT (merchant_id, currency) WHERE owner_type = 'house' DO NOTHING`,
    );

    let written = 0;
    for (const [index, plan] of DEMO_OPEN_ROUNDS.entries()) {
      const n = index + 1;
      // The vendor's first game the brand lists.
      const [game] = await query<{ vendor_id: unknown; game_id: unknown; code: string }>(
        tx,
        sql`SELECT v.id AS vendor_id, g.id AS game_id, g.code FROM game_vendors v
            JOIN games g ON g.vendor_id = v.id
            JOIN merchant_games mg ON mg.game_id = g.id AND mg.merchant_id = ${merchantId} AND mg.top_level
            WHERE v.code = ${plan.vendor} ORDER BY g.id LIMIT 1`,
      );
      if (!game) continue;
      const vendorId = toNumber(game.vendor_id);
      const funding = FUNDING_MAJOR * scale;
      const stake = plan.stakeMajor * scale;
      const at = sql`(now() - ${plan.daysAgo}::int * interval '1 day')`;
      const [member] = await query<{ id: unknown }>(
        tx,
        sql`INSERT INTO members (merchant_id, account, nickname, register_method, first_time_login, created_at)
            VALUES (${merchantId}, ${plan.account}, ${`Demo waiting ${n}`}, 'SEED', false, ${at} - interval '1 day')
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (!member) continue;
      const memberId = toNumber(member.id);
      const [account] = await query<{ id: unknown }>(
        tx,
        sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
            VALUES (${merchantId}, 'member', ${memberId}, ${currency}, ${funding - stake}) RETURNING id`,
      );
      const [movements] = await query<{ funding: unknown; debit: unknown }>(
        tx,
        sql`SELECT nextval('wallet_movements_id_seq') AS funding, nextval('wallet_movements_id_seq') AS debit`,
      );
      const fundingId = toNumber(movements!.funding);
      const debitId = toNumber(movements!.debit);
      const transactionId = `demo-o-d${n}`;
      const roundId = `demo-o-${n}`;
      await query(
        tx,
        sql`INSERT INTO wallet_movements (id, merchant_id, kind, idempotency_key, member_id, currency, amount_minor,
                                          reason, created_at)
            VALUES (${fundingId}, ${merchantId}, 'adjustment', ${`seed-demo-open-${memberId}`}, ${memberId},
                    ${currency}, ${funding}, 'Demo player starting balance', ${at} - interval '1 day'),
                   (${debitId}, ${merchantId}, 'vendor_debit', ${`vendor:${vendorId}:${transactionId}`}, ${memberId},
                    ${currency}, ${-stake}, NULL, ${at})`,
      );
      // Both movements' entries in one statement (ledger_entries_balanced checks each movement sums to 0).
      await query(
        tx,
        sql`INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor, created_at)
            SELECT e.movement_id, e.account_id, e.amount, e.balance_after, e.at FROM (VALUES
              (${fundingId}::bigint, ${toNumber(account!.id)}::bigint, ${funding}::bigint, ${funding}::bigint,
               ${at} - interval '1 day', 0),
              (${fundingId}, (SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = ${merchantId}
                               AND currency = ${currency}), ${-funding}, NULL, ${at} - interval '1 day', 1),
              (${debitId}, ${toNumber(account!.id)}, ${-stake}, ${funding - stake}, ${at}, 2),
              (${debitId}, (SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = ${merchantId}
                             AND currency = ${currency}), ${stake}, NULL, ${at}, 3)
            ) e (movement_id, account_id, amount, balance_after, at, side) ORDER BY e.side`,
      );
      await query(
        tx,
        sql`INSERT INTO vendor_transactions (vendor_id, transaction_id, kind, state, mode, member_id, round_id,
                                             game_code, currency, amount_minor, movement_id, balance_after_minor,
                                             created_at, updated_at)
            VALUES (${vendorId}, ${transactionId}, 'debit', 'debited', 'real', ${memberId}, ${roundId}, ${game.code},
                    ${currency}, ${stake}, ${debitId}, ${funding - stake}, ${at}, ${at})`,
      );
      await query(
        tx,
        sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
                                     stake_minor, status, started_at)
            VALUES (${vendorId}, ${roundId}, ${merchantId}, ${memberId}, ${toNumber(game.game_id)}, ${game.code},
                    ${currency}, ${stake}, 'open', ${at})`,
      );
      written += 1;
    }
    return written;
  });
}
