import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * A player or agent account of one brand. `agentType` keeps the spec's numeric agent flag (isAgent):
 * 0 member, 1/2/41/42 agents who see the agent area, 4 a trial (not real) account.
 */
export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    /** Login name as typed; uniqueness is on its lower-case form per brand. */
    account: text('account').notNull(),
    nickname: text('nickname'),
    agentType: integer('agent_type').notNull().default(0),
    /** The upline agent, if any. */
    uplineId: bigint('upline_id', { mode: 'number' }),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_merchant_account_key').on(table.merchantId, sql`lower(${table.account})`),
    index('members_upline_idx').on(table.uplineId),
  ],
);
