import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The agent centre's transaction details (decision 0059): the money movements of the caller's team, every member under
// it at any depth (member_tree), read from wallet_movements by each member's kind and time
// (wallet_movements_member_kind_time_idx) and, for the transfers a member received, from member_transfers
// (member_transfers_to_time_idx). SQL only; the service maps the kinds to the record's types.

/** A member of the agent's downline by its account (any case); undefined: none such under the agent. */
export async function findDownlineMemberId(
  db: Executor,
  agentId: number,
  account: string,
): Promise<number | undefined> {
  const rows = await query(
    db,
    sql`SELECT t.descendant_id FROM member_tree t JOIN members m ON m.id = t.descendant_id
        WHERE t.ancestor_id = ${agentId} AND t.depth > 0 AND lower(m.account) = lower(${account})`,
  );
  return rows[0] ? toNumber(rows[0]['descendant_id']) : undefined;
}

/** A movement's place in the newest-first order: its time (microseconds), number, and side (1 its own, 0 received). */
export interface MovementKey {
  atUs: string;
  id: number;
  side: 0 | 1;
}

export interface TeamMovementFilter {
  agentId: number;
  /** One member of the team; undefined: all of it. */
  memberId?: number | undefined;
  /** wallet_movements.kind values; never empty. */
  kinds: readonly string[];
  period: { from: string; to: string; timeZone: string };
}

export interface TeamMovementRow extends MovementKey {
  kind: string;
  account: string;
  amountMinor: number;
  counterpartyAccount: string | null;
  createdAt: string;
}

const textArray = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * Every movement of the filter as (movement, member) rows: a member's own movements with their signed amount, and the
 * transfers it received (to the upline or from it) with the transfer's amount, positive. A transfer between two members
 * of the team is then two rows, its sender's (side 1) and its recipient's (side 0). `before` keeps the rows after a
 * page's last (its bound on (created_at, id) is an index condition of each range, the side is the tie-break).
 */
function teamMovements(filter: TeamMovementFilter, before: MovementKey | null): SQL {
  const { period } = filter;
  const team = sql`t.ancestor_id = ${filter.agentId} AND t.depth > 0
    ${filter.memberId === undefined ? sql`` : sql`AND t.descendant_id = ${filter.memberId}`}`;
  const within = (column: SQL) =>
    sql`${column} >= (${period.from}::date::timestamp AT TIME ZONE ${period.timeZone})
        AND ${column} < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone})`;
  const bound = before && {
    at: sql`('epoch'::timestamptz + ${before.atUs}::bigint * interval '1 microsecond')`,
    id: before.id,
    side: before.side,
  };
  const upTo = (time: SQL, id: SQL) =>
    bound ? sql`AND (${time}, ${id}) <= (${bound.at}, ${bound.id}::bigint)` : sql``;
  const transferKinds = filter.kinds.filter((kind) => kind === 'upline_transfer' || kind === 'downline_transfer');
  const received =
    transferKinds.length === 0
      ? sql``
      : sql`UNION ALL
        SELECT w.id, w.created_at, w.kind, u.to_member_id AS member_id, u.amount_minor, 0 AS side,
               u.from_member_id AS other_id
        FROM member_tree t
        JOIN member_transfers u ON u.to_member_id = t.descendant_id
        JOIN wallet_movements w ON w.id = u.movement_id
        WHERE ${team} AND w.kind = ANY(${textArray(transferKinds)}::text[]) AND ${within(sql`u.created_at`)}
          ${upTo(sql`u.created_at`, sql`u.movement_id`)}`;
  // A dividend or a salary an upline paid (decision 0068): the movement is the payer's; its receiver's side is read
  // through the line, as a transfer's through member_transfers.
  const settlementKinds = filter.kinds.filter((kind) => kind === 'agent_dividend' || kind === 'agent_salary');
  const settled =
    settlementKinds.length === 0
      ? sql``
      : sql`UNION ALL
        SELECT w.id, w.created_at, w.kind, l.agent_id AS member_id, l.amount_minor, 0 AS side, l.payer_id AS other_id
        FROM member_tree t
        JOIN agent_settlement_lines l ON l.agent_id = t.descendant_id AND l.payer_id IS NOT NULL
        JOIN wallet_movements w ON w.id = l.movement_id
        WHERE ${team} AND w.kind = ANY(${textArray(settlementKinds)}::text[]) AND ${within(sql`w.created_at`)}
          ${upTo(sql`w.created_at`, sql`w.id`)}`;
  const rows = sql`
    SELECT w.id, w.created_at, w.kind, w.member_id, w.amount_minor, 1 AS side,
           coalesce(u.to_member_id, l.agent_id) AS other_id
    FROM member_tree t
    JOIN wallet_movements w ON w.member_id = t.descendant_id
    LEFT JOIN member_transfers u ON u.movement_id = w.id
    LEFT JOIN agent_settlement_lines l ON l.movement_id = w.id AND l.payer_id IS NOT NULL
    WHERE ${team} AND w.kind = ANY(${textArray(filter.kinds)}::text[]) AND ${within(sql`w.created_at`)}
      ${upTo(sql`w.created_at`, sql`w.id`)}
    ${received}
    ${settled}`;
  return bound
    ? sql`SELECT * FROM (${rows}) s WHERE (s.created_at, s.id, s.side) < (${bound.at}, ${bound.id}::bigint, ${bound.side})`
    : rows;
}

/** A page of the team's movements, newest first (one row more than `limit` tells a next page). */
export async function findTeamMovements(
  db: Executor,
  filter: TeamMovementFilter,
  page: { before: MovementKey | null; limit: number },
): Promise<TeamMovementRow[]> {
  const rows = await query<{
    id: unknown;
    at_us: unknown;
    created_at: unknown;
    kind: string;
    side: unknown;
    amount_minor: unknown;
    account: string;
    other_account: string | null;
  }>(
    db,
    sql`SELECT s.id, (extract(epoch FROM s.created_at) * 1000000)::bigint AS at_us, s.created_at, s.kind, s.side,
               s.amount_minor, m.account, o.account AS other_account
        FROM (${teamMovements(filter, page.before)}) s
        JOIN members m ON m.id = s.member_id
        LEFT JOIN members o ON o.id = s.other_id
        ORDER BY s.created_at DESC, s.id DESC, s.side DESC
        LIMIT ${page.limit}`,
  );
  return rows.map((row) => ({
    atUs: String(toNumber(row.at_us)),
    id: toNumber(row.id),
    side: toNumber(row.side) === 1 ? 1 : 0,
    kind: row.kind,
    account: row.account,
    amountMinor: toNumber(row.amount_minor),
    counterpartyAccount: row.other_account,
    createdAt: toIso(row.created_at),
  }));
}

/** The filter's movements over the whole period by kind: how many, and their amounts added up. */
export async function sumTeamMovements(
  db: Executor,
  filter: TeamMovementFilter,
): Promise<{ kind: string; count: number; amountMinor: number }[]> {
  const rows = await query(
    db,
    sql`SELECT s.kind, count(*) AS count, coalesce(sum(s.amount_minor), 0) AS amount_minor
        FROM (${teamMovements(filter, null)}) s
        GROUP BY s.kind`,
  );
  return rows.map((row) => ({
    kind: String(row['kind']),
    count: toNumber(row['count']),
    amountMinor: toNumber(row['amount_minor']),
  }));
}
