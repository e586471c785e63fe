import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** A free-play guest's practice wallet (decision 0072): play money apart from the wallet and its ledger. */
export interface PracticeWalletRow {
  memberId: number;
  currency: string;
  balanceMinor: number;
}

/** Gives a new guest its practice money; the guest's trial sessions then stake it. */
export async function insertPracticeWallet(
  db: Executor,
  wallet: { memberId: number; merchantId: number; currency: string; balanceMinor: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO practice_wallets (member_id, merchant_id, currency, balance_minor)
        VALUES (${wallet.memberId}, ${wallet.merchantId}, ${wallet.currency}, ${wallet.balanceMinor})`,
  );
}

export async function findPracticeWallet(
  db: Executor,
  merchantId: number,
  memberId: number,
): Promise<PracticeWalletRow | undefined> {
  const rows = await query<{ member_id: unknown; currency: string; balance_minor: unknown }>(
    db,
    sql`SELECT member_id, currency, balance_minor FROM practice_wallets
        WHERE member_id = ${memberId} AND merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return (
    row && { memberId: toNumber(row.member_id), currency: row.currency, balanceMinor: toNumber(row.balance_minor) }
  );
}
