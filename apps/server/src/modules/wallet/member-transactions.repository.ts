import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** A movement of a member's money as the member's account record lists it. */
export interface MemberMovementRow {
  id: number;
  /** wallet_movements.kind */
  kind: string;
  amountMinor: number;
  currency: string;
  balanceAfterMinor: number;
  reason: string | null;
  createdAt: string;
  roundId: string | null;
  vassalage: string | null;
  vendorName: string | null;
  gameName: string | null;
  gameType: string | null;
}

export interface MemberMovementFilter {
  merchantId: number;
  memberId: number;
  kinds: readonly string[];
  period: { from: string; to: string; timeZone: string } | null;
  /** The last movement of the page before (its id): the page starts after it, in time. */
  afterId: number | null;
  limit: number;
}

/**
 * A page of a member's movements of the given kinds, newest first by (created_at, id): one index range a kind
 * (wallet_movements_member_kind_time_idx, migration 0053), each read from the cursor's place for at most a page,
 * merged; so page 500 reads what page 1 does, with or without a period. A cursor that is not one of this
 * member's movements matches nothing. A transfer to the upline or a downline is in the sender's record and,
 * found through member_transfers, in the recipient's, each with its own entry's amount. Then, for the page's rows only: the member's
 * balance after each (the member's own entry, its main wallet's first), and a round's vendor, game and round id, found through the vendor transaction its key
 * names (`vendor:<vendor id>:<transactionId>`, a rollback's with `/rollback`: seamless-wallet.service.ts).
 */
export async function findMemberMovements(db: Executor, filter: MemberMovementFilter): Promise<MemberMovementRow[]> {
  if (filter.kinds.length === 0) return [];
  const { period } = filter;
  const inPeriod = period
    ? sql`AND w.created_at >= (${period.from}::date::timestamp AT TIME ZONE ${period.timeZone})
          AND w.created_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone})`
    : sql``;
  // The cursor's time as a scalar (an InitPlan): so the row comparison is an index condition and each range starts
  // at the cursor. Joined as a row instead, it was a filter over every row before it (page 500 read 10,000 a kind).
  // A cursor not of this member's movements gives NULL, and the comparison matches nothing.
  // A transfer is the sender's movement (member_id); its recipient finds it through member_transfers.
  const after =
    filter.afterId === null
      ? sql``
      : sql`AND (w.created_at, w.id) < ((SELECT c.created_at FROM wallet_movements c
                                        WHERE c.id = ${filter.afterId}
                                          AND (c.member_id = ${filter.memberId}
                                               OR EXISTS (SELECT 1 FROM member_transfers u
                                                          WHERE u.movement_id = c.id
                                                            AND u.to_member_id = ${filter.memberId})
                                               OR EXISTS (SELECT 1 FROM agent_settlement_lines l
                                                          WHERE l.movement_id = c.id
                                                            AND l.agent_id = ${filter.memberId}))),
                                       ${filter.afterId}::bigint)`;
  const ranges: SQL[] = filter.kinds.map(
    (kind) => sql`(SELECT w.id, w.created_at FROM wallet_movements w
                  WHERE w.member_id = ${filter.memberId} AND w.kind = ${kind} AND w.merchant_id = ${filter.merchantId}
                    ${inPeriod} ${after}
                  ORDER BY w.created_at DESC, w.id DESC LIMIT ${filter.limit})`,
  );
  for (const kind of filter.kinds.filter((kind) => kind === 'upline_transfer' || kind === 'downline_transfer')) {
    // The transfers the member received, as an upline or as a downline (index member_transfers_to_time_idx, migration
    // 0069); the row's created_at is its movement's (one transaction), so the same keyset holds.
    ranges.push(sql`(SELECT w.id, w.created_at FROM member_transfers u JOIN wallet_movements w ON w.id = u.movement_id
                    WHERE u.to_member_id = ${filter.memberId} AND u.merchant_id = ${filter.merchantId}
                      AND w.kind = ${kind} ${inPeriod} ${after}
                    ORDER BY u.created_at DESC, u.movement_id DESC LIMIT ${filter.limit})`);
  }
  for (const kind of filter.kinds.filter((kind) => kind === 'agent_dividend' || kind === 'agent_salary')) {
    // A dividend or a salary the member's upline paid it (decision 0068): the movement is the payer's, the line names
    // the receiver (index agent_settlement_lines_agent_idx); the brand's payments are the member's own movements.
    ranges.push(sql`(SELECT w.id, w.created_at FROM agent_settlement_lines l JOIN wallet_movements w ON w.id = l.movement_id
                    WHERE l.agent_id = ${filter.memberId} AND l.payer_id IS NOT NULL AND l.merchant_id = ${filter.merchantId}
                      AND w.kind = ${kind} ${inPeriod} ${after}
                    ORDER BY w.created_at DESC, w.id DESC LIMIT ${filter.limit})`);
  }
  const rows = await query<{
    id: unknown;
    kind: string;
    amount_minor: unknown;
    currency: string;
    balance_after_minor: unknown;
    reason: string | null;
    created_at: unknown;
    round_id: string | null;
    vassalage: string | null;
    vendor_name: string | null;
    game_name: string | null;
    game_type: string | null;
  }>(
    db,
    sql`WITH page AS (
          SELECT id, created_at FROM (${sql.join(ranges, sql` UNION ALL `)}) ranges
          ORDER BY created_at DESC, id DESC LIMIT ${filter.limit}
        )
        SELECT m.id, m.kind, CASE WHEN m.member_id = ${filter.memberId} THEN m.amount_minor ELSE b.amount_minor END
                 AS amount_minor, m.currency, b.balance_after_minor, m.reason, m.created_at,
               t.round_id, v.code AS vassalage, v.name AS vendor_name, g.game_name, g.game_type
        FROM page p
        JOIN wallet_movements m ON m.id = p.id
        CROSS JOIN LATERAL (
          SELECT le.amount_minor, le.balance_after_minor FROM ledger_entries le JOIN wallet_accounts a ON a.id = le.account_id
          WHERE le.movement_id = m.id AND le.balance_after_minor IS NOT NULL AND a.member_id = ${filter.memberId}
          ORDER BY a.owner_type = 'member' DESC, le.id LIMIT 1) b
        LEFT JOIN LATERAL (
          SELECT t.vendor_id, t.round_id FROM vendor_transactions t
          WHERE t.vendor_id = CASE WHEN m.idempotency_key ~ '^vendor:[0-9]{1,18}:'
                                   THEN split_part(m.idempotency_key, ':', 2)::bigint END
            AND t.transaction_id = regexp_replace(
                  substr(m.idempotency_key, length(split_part(m.idempotency_key, ':', 2)) + 9), '/rollback$', '')
            AND t.member_id = m.member_id) t ON true
        LEFT JOIN game_vendors v ON v.id = t.vendor_id
        LEFT JOIN game_rounds r ON r.vendor_id = t.vendor_id AND r.round_id = t.round_id
        LEFT JOIN games g ON g.id = r.game_id
        ORDER BY p.created_at DESC, p.id DESC`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    kind: row.kind,
    amountMinor: toNumber(row.amount_minor),
    currency: row.currency,
    balanceAfterMinor: toNumber(row.balance_after_minor),
    reason: row.reason,
    createdAt: toIso(row.created_at),
    roundId: row.round_id,
    vassalage: row.vassalage,
    vendorName: row.vendor_name,
    gameName: row.game_name,
    gameType: row.game_type,
  }));
}
