import { query, toNullableNumber, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Who an operator's message goes to, as stored: a member, or a segment's bounds (none for everyone). */
export type StoredAudience =
  | { kind: 'member'; memberId: number }
  | {
      kind: 'segment' | 'all';
      minRankLevel: number | null;
      maxRankLevel: number | null;
      registeredFrom: Date | null;
      registeredTo: Date | null;
    };

export interface OperatorMessageRow {
  id: number;
  at: Date;
  audience: string;
  memberId: number | null;
  memberAccount: string | null;
  minRankLevel: number | null;
  maxRankLevel: number | null;
  registeredFrom: Date | null;
  registeredTo: Date | null;
  title: string;
  body: string;
  actor: string;
  operatorLogin: string | null;
  recipients: number;
  readBy: number;
}

/** A member of the brand by account (case-insensitive), not a free-play guest. */
export async function findMemberByAccount(
  db: Executor,
  merchantId: number,
  account: string,
): Promise<{ id: number; account: string } | undefined> {
  const [row] = await query<{ id: unknown; account: string }>(
    db,
    sql`SELECT id, account FROM members
         WHERE merchant_id = ${merchantId} AND lower(account) = lower(${account}) AND NOT is_free_play`,
  );
  return row ? { id: toNumber(row.id), account: row.account } : undefined;
}

/**
 * The members of the brand a segment (or everyone) holds now: the same rules the mailbox reads by, which leave
 * out members on a time-out or self-excluded (decision 0042).
 */
function segmentFilter(merchantId: number, audience: Exclude<StoredAudience, { kind: 'member' }>): SQL {
  return sql`merchant_id = ${merchantId} AND NOT is_free_play
    AND (${audience.minRankLevel}::int IS NULL OR rank_level >= ${audience.minRankLevel}::int)
    AND (${audience.maxRankLevel}::int IS NULL OR rank_level <= ${audience.maxRankLevel}::int)
    AND (${audience.registeredFrom}::timestamptz IS NULL OR created_at >= ${audience.registeredFrom}::timestamptz)
    AND (${audience.registeredTo}::timestamptz IS NULL OR created_at < ${audience.registeredTo}::timestamptz)
    AND NOT EXISTS (SELECT 1 FROM member_protection_blocks b
                     WHERE b.member_id = members.id AND b.starts_at <= now() AND b.ends_at > now())`;
}

/** How many members a segment (or everyone) holds now: one count, whatever the brand's size. */
export async function countAudience(
  db: Executor,
  merchantId: number,
  audience: Exclude<StoredAudience, { kind: 'member' }>,
): Promise<number> {
  const [row] = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM members WHERE ${segmentFilter(merchantId, audience)}`,
  );
  return toNumber(row?.n ?? 0);
}

/** Stores an operator's message once, whatever its audience; answers its id. */
export async function insertOperatorMessage(
  db: Executor,
  message: {
    merchantId: number;
    audience: StoredAudience;
    title: string;
    body: string;
    operatorId: number | null;
    actor: string;
    recipients: number;
  },
): Promise<number> {
  const { audience } = message;
  const member = audience.kind === 'member' ? audience : null;
  const segment = audience.kind === 'member' ? null : audience;
  const [row] = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO operator_messages (merchant_id, audience, member_id, min_rank_level, max_rank_level,
                                       registered_from, registered_to, title, body, operator_id, actor, recipients)
        VALUES (${message.merchantId}, ${audience.kind}, ${member?.memberId ?? null}, ${segment?.minRankLevel ?? null},
                ${segment?.maxRankLevel ?? null}, ${segment?.registeredFrom ?? null}, ${segment?.registeredTo ?? null},
                ${message.title}, ${message.body}, ${message.operatorId}, ${message.actor}, ${message.recipients})
        RETURNING id`,
  );
  if (!row) throw new Error('operator_messages insert returned nothing');
  return toNumber(row.id);
}

/** The brand's operator messages, newest first by id, with how many members have read each. */
export async function findOperatorMessages(
  db: Executor,
  merchantId: number,
  options: { beforeId?: number | undefined; id?: number; limit: number },
): Promise<OperatorMessageRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT o.id, o.created_at, o.audience, o.member_id, m.account AS member_account, o.min_rank_level,
               o.max_rank_level, o.registered_from, o.registered_to, o.title, o.body, o.actor, op.login AS operator_login,
               o.recipients,
               (SELECT count(*) FROM operator_message_states s WHERE s.message_id = o.id AND s.read_at IS NOT NULL)
                 AS read_by
          FROM operator_messages o
          LEFT JOIN members m ON m.id = o.member_id
          LEFT JOIN operators op ON op.id = o.operator_id
         WHERE o.merchant_id = ${merchantId}
           AND (${options.beforeId ?? null}::bigint IS NULL OR o.id < ${options.beforeId ?? null}::bigint)
           AND (${options.id ?? null}::bigint IS NULL OR o.id = ${options.id ?? null}::bigint)
         ORDER BY o.id DESC
         LIMIT ${options.limit}`,
  );
  const date = (value: unknown) => (value === null ? null : new Date(value as string | Date));
  return rows.map((row) => ({
    id: toNumber(row['id']),
    at: new Date(row['created_at'] as string | Date),
    audience: String(row['audience']),
    memberId: toNullableNumber(row['member_id']),
    memberAccount: (row['member_account'] as string | null) ?? null,
    minRankLevel: toNullableNumber(row['min_rank_level']),
    maxRankLevel: toNullableNumber(row['max_rank_level']),
    registeredFrom: date(row['registered_from']),
    registeredTo: date(row['registered_to']),
    title: String(row['title']),
    body: String(row['body']),
    actor: String(row['actor']),
    operatorLogin: (row['operator_login'] as string | null) ?? null,
    recipients: toNumber(row['recipients']),
    readBy: toNumber(row['read_by']),
  }));
}

/** When a day (yyyy-MM-dd) starts in a time zone; `plusDays` 1 for the start of the day after. */
export async function startOfDay(db: Executor, day: string, timeZone: string, plusDays = 0): Promise<Date> {
  const [row] = await query<{ at: unknown }>(
    db,
    sql`SELECT ((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE ${timeZone}) AS at`,
  );
  return new Date(row?.at as string | Date);
}
