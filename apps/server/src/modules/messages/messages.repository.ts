import { query, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Whose mailbox: a member of one brand. Every statement here is scoped by both. */
export interface MailboxOwner {
  merchantId: number;
  memberId: number;
}

/** A row of the mailbox: `m` a member_messages row, `o` an operator's message. */
export interface MailboxRow {
  source: 'm' | 'o';
  id: number;
  kind: string;
  title: string;
  body: string;
  createdAt: Date;
  /** created_at as PostgreSQL writes it, to the microsecond: the keyset cursor's time. */
  createdAtText: string;
  readAt: Date | null;
}

/** Where the next page starts: the last row's time (PostgreSQL's text), source and id. */
export interface MailboxCursor {
  at: string;
  source: 'm' | 'o';
  id: number;
}

/**
 * The member as the audience rules read it, for statements that name `me`. A free-play guest is in no
 * broadcast's audience; a broadcast reaches members registered by the time it was sent.
 */
const me = (owner: MailboxOwner) =>
  sql`(SELECT id, merchant_id, rank_level, created_at, is_free_play FROM members
       WHERE id = ${owner.memberId} AND merchant_id = ${owner.merchantId}) AS me`;

/**
 * An operator's broadcast (`o`) whose audience holds the member (`me`), evaluated as the member stands now; none
 * sent while the member was on a time-out or self-excluded (docs/decisions/0042-player-protection.md).
 */
const BROADCAST_REACHES_ME = sql`o.merchant_id = me.merchant_id
  AND o.audience <> 'member'
  AND NOT me.is_free_play
  AND o.created_at >= me.created_at
  AND (o.audience = 'all' OR (
    (o.min_rank_level IS NULL OR me.rank_level >= o.min_rank_level)
    AND (o.max_rank_level IS NULL OR me.rank_level <= o.max_rank_level)
    AND (o.registered_from IS NULL OR me.created_at >= o.registered_from)
    AND (o.registered_to IS NULL OR me.created_at < o.registered_to)))
  AND NOT EXISTS (SELECT 1 FROM member_protection_blocks b
                   WHERE b.member_id = me.id AND o.created_at >= b.starts_at AND o.created_at < b.ends_at)`;

/** An operator's message to the member alone. */
const DIRECT_TO_ME = sql`o.audience = 'member' AND o.member_id = me.id AND o.merchant_id = me.merchant_id`;

function before(cursor: MailboxCursor | undefined, source: 'm' | 'o', alias: string): SQL {
  if (!cursor) return sql`TRUE`;
  const table = sql.raw(alias);
  return sql`(${table}.created_at, ${source}::text, ${table}.id) < (${cursor.at}::timestamptz, ${cursor.source}::text, ${cursor.id}::bigint)`;
}

function toRow(row: Record<string, unknown>): MailboxRow {
  return {
    source: row['source'] as 'm' | 'o',
    id: toNumber(row['id']),
    kind: String(row['kind']),
    title: String(row['title']),
    body: String(row['body']),
    createdAt: new Date(row['created_at'] as string | Date),
    createdAtText: String(row['created_at_text']),
    readAt: row['read_at'] === null ? null : new Date(row['read_at'] as string | Date),
  };
}

/**
 * A page of the mailbox, newest first: the member's own messages, operators' messages to the member, and the
 * brand's broadcasts the member is in the audience of, less those the member removed. Each branch reads its own
 * index newest first and stops at `limit`, so a deep page costs what the first does.
 */
export async function findMailboxPage(
  db: Executor,
  owner: MailboxOwner,
  options: { cursor?: MailboxCursor | undefined; limit: number },
): Promise<MailboxRow[]> {
  const { cursor, limit } = options;
  const rows = await query(
    db,
    sql`SELECT * FROM (
      (SELECT 'm' AS source, mm.id, mm.kind, mm.title, mm.body, mm.created_at, mm.created_at::text AS created_at_text,
              mm.read_at
         FROM member_messages mm
        WHERE mm.member_id = ${owner.memberId} AND mm.merchant_id = ${owner.merchantId} AND mm.deleted_at IS NULL
          AND ${before(cursor, 'm', 'mm')}
        ORDER BY mm.created_at DESC, mm.id DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'o', o.id, 'operator', o.title, o.body, o.created_at, o.created_at::text, s.read_at
         FROM ${me(owner)} JOIN operator_messages o ON ${DIRECT_TO_ME}
         LEFT JOIN operator_message_states s ON s.member_id = me.id AND s.message_id = o.id
        WHERE s.deleted_at IS NULL AND ${before(cursor, 'o', 'o')}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'o', o.id, 'operator', o.title, o.body, o.created_at, o.created_at::text, s.read_at
         FROM ${me(owner)} JOIN operator_messages o ON ${BROADCAST_REACHES_ME}
         LEFT JOIN operator_message_states s ON s.member_id = me.id AND s.message_id = o.id
        WHERE s.deleted_at IS NULL AND ${before(cursor, 'o', 'o')}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit})
    ) AS mailbox
    ORDER BY created_at DESC, source DESC, id DESC
    LIMIT ${limit}`,
  );
  return rows.map(toRow);
}

/** One message of the mailbox (not removed), or undefined when it is not this member's. */
export async function findMailboxMessage(
  db: Executor,
  owner: MailboxOwner,
  source: 'm' | 'o',
  id: number,
): Promise<MailboxRow | undefined> {
  const rows =
    source === 'm'
      ? await query(
          db,
          sql`SELECT 'm' AS source, id, kind, title, body, created_at, created_at::text AS created_at_text, read_at
                FROM member_messages
               WHERE id = ${id} AND member_id = ${owner.memberId} AND merchant_id = ${owner.merchantId}
                 AND deleted_at IS NULL`,
        )
      : await query(
          db,
          sql`SELECT 'o' AS source, o.id, 'operator' AS kind, o.title, o.body, o.created_at,
                     o.created_at::text AS created_at_text, s.read_at
                FROM ${me(owner)} JOIN operator_messages o ON o.id = ${id}
                 AND ((${DIRECT_TO_ME}) OR (${BROADCAST_REACHES_ME}))
                LEFT JOIN operator_message_states s ON s.member_id = me.id AND s.message_id = o.id
               WHERE s.deleted_at IS NULL`,
        );
  const [row] = rows;
  return row ? toRow(row) : undefined;
}

/** Marks one message read (a second read keeps the first time); answers the time it was read. */
export async function markRead(db: Executor, owner: MailboxOwner, source: 'm' | 'o', id: number): Promise<Date> {
  const rows =
    source === 'm'
      ? await query<{ read_at: unknown }>(
          db,
          sql`UPDATE member_messages SET read_at = coalesce(read_at, now())
               WHERE id = ${id} AND member_id = ${owner.memberId} AND merchant_id = ${owner.merchantId}
              RETURNING read_at`,
        )
      : await query<{ read_at: unknown }>(
          db,
          sql`INSERT INTO operator_message_states (member_id, message_id, read_at)
              VALUES (${owner.memberId}, ${id}, now())
              ON CONFLICT (member_id, message_id)
              DO UPDATE SET read_at = coalesce(operator_message_states.read_at, excluded.read_at)
              RETURNING read_at`,
        );
  return new Date(rows[0]?.read_at as string | Date);
}

/**
 * Removes one message from the mailbox: kept, marked removed and read (so it leaves the unread count). The
 * caller has checked it is the member's.
 */
export async function markDeleted(db: Executor, owner: MailboxOwner, source: 'm' | 'o', id: number): Promise<void> {
  if (source === 'm') {
    await db.execute(
      sql`UPDATE member_messages SET deleted_at = now(), read_at = coalesce(read_at, now())
           WHERE id = ${id} AND member_id = ${owner.memberId} AND merchant_id = ${owner.merchantId}`,
    );
    return;
  }
  await db.execute(
    sql`INSERT INTO operator_message_states (member_id, message_id, read_at, deleted_at)
        VALUES (${owner.memberId}, ${id}, now(), now())
        ON CONFLICT (member_id, message_id)
        DO UPDATE SET read_at = coalesce(operator_message_states.read_at, excluded.read_at), deleted_at = now()`,
  );
}

/** Marks every message of the mailbox read: the member's own rows, and a state row for each operator's message. */
export async function markAllRead(db: Executor, owner: MailboxOwner): Promise<void> {
  await db.execute(
    sql`UPDATE member_messages SET read_at = now()
         WHERE member_id = ${owner.memberId} AND merchant_id = ${owner.merchantId} AND read_at IS NULL`,
  );
  await db.execute(
    sql`INSERT INTO operator_message_states (member_id, message_id, read_at)
        SELECT me.id, o.id, now()
          FROM ${me(owner)} JOIN operator_messages o ON (${DIRECT_TO_ME}) OR (${BROADCAST_REACHES_ME})
        ON CONFLICT (member_id, message_id)
        DO UPDATE SET read_at = coalesce(operator_message_states.read_at, excluded.read_at)`,
  );
}

/**
 * Unread messages of one member of one brand: the member's own (index member_messages_unread_idx; a removed one
 * is read) and operators' messages to the member without a read or removed state.
 */
export async function countUnread(db: Executor, owner: MailboxOwner): Promise<number> {
  const [row] = await query<{ unread: unknown }>(
    db,
    sql`SELECT (SELECT count(*) FROM member_messages
                 WHERE member_id = ${owner.memberId} AND merchant_id = ${owner.merchantId} AND read_at IS NULL)
             + (SELECT count(*) FROM ${me(owner)} JOIN operator_messages o ON (${DIRECT_TO_ME}) OR (${BROADCAST_REACHES_ME})
                 WHERE NOT EXISTS (SELECT 1 FROM operator_message_states s
                                    WHERE s.member_id = me.id AND s.message_id = o.id
                                      AND (s.read_at IS NOT NULL OR s.deleted_at IS NOT NULL))) AS unread`,
  );
  return toNumber(row?.unread ?? 0);
}

/** What a system message is written with: the member's language and the brand's name and currency. */
export async function findRecipient(
  db: Executor,
  owner: MailboxOwner,
): Promise<{ language: string | null; site: string; currency: string; defaultLanguage: string | null } | undefined> {
  const [row] = await query<Record<string, unknown>>(
    db,
    sql`SELECT m.language, mer.name, mer.currency, mer.config->>'defaultLanguage' AS default_language
          FROM members m JOIN merchants mer ON mer.id = m.merchant_id
         WHERE m.id = ${owner.memberId} AND m.merchant_id = ${owner.merchantId}`,
  );
  if (!row) return undefined;
  return {
    language: (row['language'] as string | null) ?? null,
    site: String(row['name']),
    currency: String(row['currency']),
    defaultLanguage: (row['default_language'] as string | null) ?? null,
  };
}

/** A template in `language`: the brand's own row, else the platform's. */
export async function findTemplate(
  db: Executor,
  merchantId: number,
  templateKey: string,
  language: string,
): Promise<{ title: string; body: string } | undefined> {
  const [row] = await query<{ title: string; body: string }>(
    db,
    sql`SELECT title, body FROM message_templates
         WHERE template_key = ${templateKey} AND language = ${language}
           AND (merchant_id = ${merchantId} OR merchant_id IS NULL)
         ORDER BY merchant_id NULLS LAST LIMIT 1`,
  );
  return row;
}

/** Writes a message to one member's mailbox in the caller's transaction; answers its id. */
export async function insertMessage(
  db: Executor,
  message: MailboxOwner & { kind: string; title: string; body: string; templateKey: string | null },
): Promise<number> {
  const [row] = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO member_messages (merchant_id, member_id, kind, title, body, template_key)
        VALUES (${message.merchantId}, ${message.memberId}, ${message.kind}, ${message.title}, ${message.body},
                ${message.templateKey})
        RETURNING id`,
  );
  if (!row) throw new Error('member_messages insert returned nothing');
  return toNumber(row.id);
}
