import { query, toNullableNumber, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface ConversationRow {
  id: number;
  merchantId: number;
  memberId: number | null;
  memberAccount: string | null;
  visitorName: string | null;
  visitorEmail: string | null;
  status: 'open' | 'closed';
  assignedOperatorId: number | null;
  assignedLogin: string | null;
  customerReadId: number;
  operatorReadId: number;
  createdAt: Date;
  lastMessageAt: Date | null;
}

export interface MessageRow {
  id: number;
  conversationId: number;
  sender: 'customer' | 'operator';
  operatorLogin: string | null;
  body: string | null;
  imageId: number | null;
  createdAt: Date;
}

const toDate = (value: unknown) => new Date(value as string | Date);

function toConversation(row: Record<string, unknown>): ConversationRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    memberId: toNullableNumber(row['member_id']),
    memberAccount: (row['member_account'] as string | null) ?? null,
    visitorName: (row['visitor_name'] as string | null) ?? null,
    visitorEmail: (row['visitor_email'] as string | null) ?? null,
    status: row['status'] as ConversationRow['status'],
    assignedOperatorId: toNullableNumber(row['assigned_operator_id']),
    assignedLogin: (row['assigned_login'] as string | null) ?? null,
    customerReadId: toNumber(row['customer_read_id']),
    operatorReadId: toNumber(row['operator_read_id']),
    createdAt: toDate(row['created_at']),
    lastMessageAt: row['last_message_at'] === null ? null : toDate(row['last_message_at']),
  };
}

function toMessage(row: Record<string, unknown>): MessageRow {
  return {
    id: toNumber(row['id']),
    conversationId: toNumber(row['conversation_id']),
    sender: row['sender'] as MessageRow['sender'],
    operatorLogin: (row['operator_login'] as string | null) ?? null,
    body: (row['body'] as string | null) ?? null,
    imageId: toNullableNumber(row['image_id']),
    createdAt: toDate(row['created_at']),
  };
}

const CONVERSATION = sql`SELECT c.*, op.login AS assigned_login
  FROM support_conversations c LEFT JOIN operators op ON op.id = c.assigned_operator_id`;
const MESSAGE = sql`SELECT m.id, m.conversation_id, m.sender, m.body, m.image_id, m.created_at, op.login AS operator_login
  FROM support_messages m LEFT JOIN operators op ON op.id = m.operator_id`;

export async function insertConversation(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number | null;
    memberAccount: string | null;
    visitorName: string | null;
    visitorEmail: string | null;
  },
): Promise<number> {
  const [inserted] = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO support_conversations (merchant_id, member_id, member_account, visitor_name, visitor_email)
        VALUES (${row.merchantId}, ${row.memberId}, ${row.memberAccount}, ${row.visitorName}, ${row.visitorEmail})
        ON CONFLICT (merchant_id, member_id) WHERE status = 'open' AND member_id IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  return inserted ? toNumber(inserted.id) : 0;
}

export async function findConversation(db: Executor, merchantId: number, id: number): Promise<ConversationRow | null> {
  const [row] = await query(db, sql`${CONVERSATION} WHERE c.merchant_id = ${merchantId} AND c.id = ${id}`);
  return row ? toConversation(row) : null;
}

/** Locks the conversation for a change (a message, an assignment, the close) and answers it. */
export async function lockConversation(db: Executor, merchantId: number, id: number): Promise<ConversationRow | null> {
  const [row] = await query(
    db,
    sql`${CONVERSATION} WHERE c.merchant_id = ${merchantId} AND c.id = ${id} FOR UPDATE OF c`,
  );
  return row ? toConversation(row) : null;
}

/** The member's open conversation on the brand, else their latest. */
export async function findMemberConversation(
  db: Executor,
  merchantId: number,
  memberId: number,
  openOnly: boolean,
): Promise<ConversationRow | null> {
  const [row] = await query(
    db,
    sql`${CONVERSATION} WHERE c.merchant_id = ${merchantId} AND c.member_id = ${memberId}
        ${openOnly ? sql`AND c.status = 'open'` : sql``}
        ORDER BY (c.status = 'open') DESC, c.id DESC LIMIT 1`,
  );
  return row ? toConversation(row) : null;
}

export async function insertImage(
  db: Executor,
  conversationId: number,
  contentType: string,
  bytes: Buffer,
): Promise<number> {
  const [row] = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO support_images (conversation_id, content_type, bytes)
        VALUES (${conversationId}, ${contentType}, ${bytes}) RETURNING id`,
  );
  if (!row) throw new Error('support image insert returned nothing');
  return toNumber(row.id);
}

export async function insertMessage(
  db: Executor,
  message: { conversationId: number; operatorId: number | null; body: string | null; imageId: number | null },
): Promise<MessageRow> {
  const sender = message.operatorId === null ? 'customer' : 'operator';
  const [row] = await query<{ id: unknown }>(
    db,
    sql`WITH inserted AS (
          INSERT INTO support_messages (conversation_id, sender, operator_id, body, image_id)
          VALUES (${message.conversationId}, ${sender}, ${message.operatorId}, ${message.body}, ${message.imageId})
          RETURNING id, created_at
        ), touched AS (
          UPDATE support_conversations SET last_message_at = (SELECT created_at FROM inserted)
          WHERE id = ${message.conversationId}
        )
        SELECT id FROM inserted`,
  );
  if (!row) throw new Error('support message insert returned nothing');
  const [stored] = await query(db, sql`${MESSAGE} WHERE m.id = ${toNumber(row.id)}`);
  if (!stored) throw new Error('support message vanished');
  // Whoever writes has read everything before it.
  const marker = sender === 'customer' ? sql`customer_read_id` : sql`operator_read_id`;
  await query(
    db,
    sql`UPDATE support_conversations SET ${marker} = GREATEST(${marker}, ${toNumber(row.id)})
        WHERE id = ${message.conversationId}`,
  );
  return toMessage(stored);
}

/** The conversation's latest messages, oldest first. */
export async function listMessages(db: Executor, conversationId: number, limit: number): Promise<MessageRow[]> {
  const rows = await query(
    db,
    sql`SELECT * FROM (${MESSAGE} WHERE m.conversation_id = ${conversationId} ORDER BY m.id DESC LIMIT ${limit}) latest
        ORDER BY id`,
  );
  return rows.map(toMessage);
}

/** How many messages the customer sent in the conversation since a time. */
export async function countCustomerMessagesSince(db: Executor, conversationId: number, since: Date): Promise<number> {
  const [row] = await query<{ count: unknown }>(
    db,
    sql`SELECT count(*) AS count FROM support_messages
        WHERE conversation_id = ${conversationId} AND sender = 'customer' AND created_at > ${since.toISOString()}`,
  );
  return toNumber(row?.count ?? 0);
}

/** The oldest of the customer's messages since a time (when the window frees a place). */
export async function oldestCustomerMessageSince(
  db: Executor,
  conversationId: number,
  since: Date,
): Promise<Date | null> {
  const [row] = await query<{ at: unknown }>(
    db,
    sql`SELECT min(created_at) AS at FROM support_messages
        WHERE conversation_id = ${conversationId} AND sender = 'customer' AND created_at > ${since.toISOString()}`,
  );
  return row?.at ? toDate(row.at) : null;
}

export async function markRead(db: Executor, conversationId: number, side: 'customer' | 'operator'): Promise<void> {
  const marker = side === 'customer' ? sql`customer_read_id` : sql`operator_read_id`;
  await query(
    db,
    sql`UPDATE support_conversations
        SET ${marker} = GREATEST(${marker}, coalesce((SELECT max(id) FROM support_messages WHERE conversation_id = ${conversationId}), 0))
        WHERE id = ${conversationId}`,
  );
}

export async function setAssignee(db: Executor, conversationId: number, operatorId: number | null): Promise<void> {
  await query(
    db,
    sql`UPDATE support_conversations SET assigned_operator_id = ${operatorId} WHERE id = ${conversationId}`,
  );
}

export async function closeConversation(db: Executor, conversationId: number): Promise<void> {
  await query(
    db,
    sql`UPDATE support_conversations SET status = 'closed', closed_at = now()
        WHERE id = ${conversationId} AND status = 'open'`,
  );
}

/** Whether the operator is active and may act on the brand. */
export async function isBrandOperator(db: Executor, merchantId: number, operatorId: number): Promise<boolean> {
  const [row] = await query(
    db,
    sql`SELECT 1 FROM operators o WHERE o.id = ${operatorId} AND o.status = 'active'
        AND (o.all_brands OR EXISTS (SELECT 1 FROM operator_brands b WHERE b.operator_id = o.id AND b.merchant_id = ${merchantId}))`,
  );
  return Boolean(row);
}

export interface InboxRow extends ConversationRow {
  unread: number;
  lastMessage: MessageRow | null;
}

/** The brand's conversations with a message, latest activity first, with their unread counts and last message. */
export async function listInbox(
  db: Executor,
  merchantId: number,
  filter: { status: 'open' | 'closed' | 'all'; assignedTo: number | null | 'any' },
  limit: number,
): Promise<InboxRow[]> {
  const conditions: SQL[] = [sql`c.merchant_id = ${merchantId}`, sql`c.last_message_at IS NOT NULL`];
  if (filter.status !== 'all') conditions.push(sql`c.status = ${filter.status}`);
  if (filter.assignedTo === null) conditions.push(sql`c.assigned_operator_id IS NULL`);
  else if (filter.assignedTo !== 'any') conditions.push(sql`c.assigned_operator_id = ${filter.assignedTo}`);
  const rows = await query(
    db,
    sql`SELECT c.*, op.login AS assigned_login,
          (SELECT count(*) FROM support_messages u
            WHERE u.conversation_id = c.id AND u.sender = 'customer' AND u.id > c.operator_read_id) AS unread,
          last.id AS last_id, last.sender AS last_sender, last.body AS last_body, last.image_id AS last_image_id,
          last.created_at AS last_created_at, lop.login AS last_operator_login
        FROM support_conversations c
        LEFT JOIN operators op ON op.id = c.assigned_operator_id
        LEFT JOIN LATERAL (SELECT * FROM support_messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1)
          last ON true
        LEFT JOIN operators lop ON lop.id = last.operator_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY c.last_message_at DESC, c.id DESC
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    ...toConversation(row),
    unread: toNumber(row['unread']),
    lastMessage:
      row['last_id'] === null
        ? null
        : toMessage({
            id: row['last_id'],
            conversation_id: row['id'],
            sender: row['last_sender'],
            body: row['last_body'],
            image_id: row['last_image_id'],
            created_at: row['last_created_at'],
            operator_login: row['last_operator_login'],
          }),
  }));
}

/** Unread customer messages over the brand's open conversations. */
export async function countUnread(db: Executor, merchantId: number): Promise<number> {
  const [row] = await query<{ count: unknown }>(
    db,
    sql`SELECT count(*) AS count FROM support_messages m
        JOIN support_conversations c ON c.id = m.conversation_id
        WHERE c.merchant_id = ${merchantId} AND c.status = 'open' AND m.sender = 'customer' AND m.id > c.operator_read_id`,
  );
  return toNumber(row?.count ?? 0);
}

export async function countUnreadOf(db: Executor, conversationId: number): Promise<number> {
  const [row] = await query<{ count: unknown }>(
    db,
    sql`SELECT count(*) AS count FROM support_messages m JOIN support_conversations c ON c.id = m.conversation_id
        WHERE c.id = ${conversationId} AND m.sender = 'customer' AND m.id > c.operator_read_id`,
  );
  return toNumber(row?.count ?? 0);
}

/** A picture of a conversation of the brand. */
export async function findImage(
  db: Executor,
  merchantId: number,
  imageId: number,
): Promise<{ conversationId: number; contentType: string; bytes: Buffer } | null> {
  const [row] = await query(
    db,
    sql`SELECT i.conversation_id, i.content_type, i.bytes FROM support_images i
        JOIN support_conversations c ON c.id = i.conversation_id
        WHERE i.id = ${imageId} AND c.merchant_id = ${merchantId}`,
  );
  if (!row) return null;
  const bytes = row['bytes'];
  return {
    conversationId: toNumber(row['conversation_id']),
    contentType: String(row['content_type']),
    bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes as Uint8Array),
  };
}
