import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';
import { merchants } from './merchants';

/**
 * A message in a member's mailbox (docs/product/member-centre.md#messages); unread while `readAt` is null.
 * Migration 0034; soft delete and template 0055.
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** Removed by the member (migration 0055): kept, and read, but no longer listed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The template a system message was written from (migration 0055). */
    templateKey: text('template_key'),
  },
  (table) => [
    index('member_messages_unread_idx')
      .on(table.memberId, table.merchantId)
      .where(sql`${table.readAt} IS NULL`),
  ],
);
