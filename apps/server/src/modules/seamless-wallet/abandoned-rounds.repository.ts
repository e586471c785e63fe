import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The real-money debits of a round still standing (not rolled back), locked, in the order they came. */
export async function lockRoundDebits(
  db: Executor,
  vendorId: number,
  roundId: string,
): Promise<{ id: number; transactionId: string; amountMinor: number; bonusAmountMinor: number }[]> {
  const rows = await query<{ id: unknown; transaction_id: string; amount_minor: unknown; bonus_amount_minor: unknown }>(
    db,
    sql`SELECT id, transaction_id, amount_minor, bonus_amount_minor FROM vendor_transactions
        WHERE vendor_id = ${vendorId} AND round_id = ${roundId}
          AND kind = 'debit' AND state = 'debited' AND mode = 'real'
        ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    transactionId: row.transaction_id,
    amountMinor: toNumber(row.amount_minor ?? 0),
    bonusAmountMinor: toNumber(row.bonus_amount_minor),
  }));
}

export interface OpenRoundRow {
  id: number;
  vassalage: string;
  roundId: string;
  account: string;
  gameCode: string;
  currency: string;
  stakeMinor: number;
  winMinor: number;
  startedAt: string;
}

/**
 * A page of one brand's rounds still open that started before `startedBefore`, oldest first, after `after`
 * (the partial index of open rounds, migration 0042: open rounds are few).
 */
export async function findOpenRoundPage(
  db: Executor,
  options: {
    merchantId: number;
    startedBefore: Date;
    vendorId?: number | undefined;
    /** The id of the last round of the page before: the page goes on from its start and id. */
    afterId?: number | undefined;
    limit: number;
  },
): Promise<OpenRoundRow[]> {
  const rows = await query<{
    id: unknown;
    vassalage: string;
    round_id: string;
    account: string;
    game_code: string;
    currency: string;
    stake_minor: unknown;
    win_minor: unknown;
    started_at: unknown;
  }>(
    db,
    sql`SELECT r.id, v.code AS vassalage, r.round_id, m.account, r.game_code, r.currency, r.stake_minor,
               r.win_minor, r.started_at
          FROM game_rounds r
          JOIN game_vendors v ON v.id = r.vendor_id
          JOIN members m ON m.id = r.member_id
         WHERE r.status = 'open' AND r.started_at < ${options.startedBefore.toISOString()}::timestamptz
           AND r.merchant_id = ${options.merchantId}
           ${options.vendorId === undefined ? sql`` : sql`AND r.vendor_id = ${options.vendorId}`}
           ${
             options.afterId === undefined
               ? sql``
               : sql`AND (r.started_at, r.id) > (SELECT started_at, id FROM game_rounds WHERE id = ${options.afterId})`
           }
         ORDER BY r.started_at, r.id
         LIMIT ${options.limit}`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    vassalage: row.vassalage,
    roundId: row.round_id,
    account: row.account,
    gameCode: row.game_code,
    currency: row.currency,
    stakeMinor: toNumber(row.stake_minor),
    winMinor: toNumber(row.win_minor),
    startedAt: toIso(row.started_at),
  }));
}
