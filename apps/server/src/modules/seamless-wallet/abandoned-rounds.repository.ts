import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The real-money debits of a round still standing (not rolled back), locked, in the order they came. */
export async function lockRoundDebits(
  db: Executor,
  vendorId: number,
  roundId: string,
): Promise<{ id: number; transactionId: string; amountMinor: number }[]> {
  const rows = await query<{ id: unknown; transaction_id: string; amount_minor: unknown }>(
    db,
    sql`SELECT id, transaction_id, amount_minor FROM vendor_transactions
        WHERE vendor_id = ${vendorId} AND round_id = ${roundId}
          AND kind = 'debit' AND state = 'debited' AND mode = 'real'
        ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    transactionId: row.transaction_id,
    amountMinor: toNumber(row.amount_minor ?? 0),
  }));
}
