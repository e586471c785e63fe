import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberSessions } from './accounts';
import { gameVendors, games } from './games';
import { members } from './members';
import { merchants } from './merchants';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A wallet account: a member's per currency (balance kept, never below 0), or a brand's house account,
 * the counter-party of every member movement, whose balance is the sum of its entries (not stored).
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    ownerType: text('owner_type').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_accounts_member_key')
      .on(table.memberId, table.currency)
      .where(sql`owner_type = 'member'`),
    uniqueIndex('wallet_accounts_house_key')
      .on(table.merchantId, table.currency)
      .where(sql`owner_type = 'house'`),
  ],
);

/** One movement of money; its idempotency key is unique, so a repeat moves nothing. */
export const walletMovements = pgTable(
  'wallet_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: a shared reference row, never deleted (migration 0035, decision 0012).
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    /** Signed change of the member's balance. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    reason: text('reason'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('wallet_movements_idempotency_key').on(table.idempotencyKey),
    index('wallet_movements_member_idx').on(table.memberId, table.id.desc()),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE); the entries of a movement sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    movementId: bigint('movement_id', { mode: 'number' })
      .notNull()
      .references(() => walletMovements.id, { onDelete: 'restrict' }),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => walletAccounts.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_movement_idx').on(table.movementId),
    index('ledger_entries_account_idx').on(table.accountId, table.id),
  ],
);

/** A launch session; trial sessions carry play money that never touches the ledger. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    vendorId: bigint('vendor_id', { mode: 'number' })
      .notNull()
      .references(() => gameVendors.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    playBalanceMinor: bigint('play_balance_minor', { mode: 'number' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** The sign-in that launched the game; a new debit needs it not revoked (migration 0037). */
    memberSessionId: bigint('member_session_id', { mode: 'number' }).references(() => memberSessions.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('game_sessions_token_key').on(table.tokenHash),
    index('game_sessions_member_idx').on(table.memberId, table.createdAt.desc()),
  ],
);

/** Every transactionId a vendor sent, applied once; an early rollback leaves state 'blocked'. */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: a shared reference row, never deleted (migration 0035, decision 0012).
    vendorId: bigint('vendor_id', { mode: 'number' }).notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    mode: text('mode').notNull().default('real'),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'restrict' }),
    sessionId: bigint('session_id', { mode: 'number' }).references(() => gameSessions.id, {
      onDelete: 'set null',
    }),
    roundId: text('round_id').notNull(),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }),
    movementId: bigint('movement_id', { mode: 'number' }).references(() => walletMovements.id, {
      onDelete: 'restrict',
    }),
    rollbackMovementId: bigint('rollback_movement_id', { mode: 'number' }).references(() => walletMovements.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vendor_transactions_key').on(table.vendorId, table.transactionId),
    index('vendor_transactions_round_idx').on(table.vendorId, table.roundId),
  ],
);

/** The first answer to each requestId, replayed on a repeat. */
export const vendorRequests = pgTable(
  'vendor_requests',
  {
    // No foreign key: a shared reference row, never deleted (migration 0035, decision 0012).
    vendorId: bigint('vendor_id', { mode: 'number' }).notNull(),
    requestId: text('request_id').notNull(),
    operation: text('operation').notNull(),
    bodyHash: text('body_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.vendorId, table.requestId] })],
);

/** Rounds as vendors report them: the betting records. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // vendor_id, merchant_id, game_id: no foreign keys, shared reference rows (migration 0035, decision 0012).
    vendorId: bigint('vendor_id', { mode: 'number' }).notNull(),
    roundId: text('round_id').notNull(),
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    gameId: bigint('game_id', { mode: 'number' }),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull().default(0),
    winMinor: bigint('win_minor', { mode: 'number' }).notNull().default(0),
    validBetMinor: bigint('valid_bet_minor', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('open'),
    detail: jsonb('detail'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** Why an operator ended a round its vendor abandoned (migration 0042, decision 0021); null otherwise. */
    closedReason: text('closed_reason'),
  },
  (table) => [
    uniqueIndex('game_rounds_key').on(table.vendorId, table.roundId),
    index('game_rounds_member_idx').on(table.memberId, table.id.desc()),
    index('game_rounds_board_idx')
      .on(table.merchantId, table.settledAt.desc())
      .where(sql`status = 'settled'`),
    index('game_rounds_open_idx')
      .on(table.startedAt)
      .where(sql`status = 'open'`),
  ],
);

/** A brand's running total of a vendor's promotion and tournament credits on one of its days (migration 0045). */
export const vendorPromotionDays = pgTable(
  'vendor_promotion_days',
  {
    // No foreign keys: shared reference rows, never deleted (migration 0035, decision 0012).
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    vendorId: bigint('vendor_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull(),
    credits: integer('credits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.vendorId, table.day] })],
);

/** Each promotion or tournament credit paid (decision 0027); append-only. */
export const vendorPromotionCredits = pgTable(
  'vendor_promotion_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    vendorId: bigint('vendor_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    creditType: text('credit_type').notNull(),
    transactionId: text('transaction_id').notNull(),
    roundId: text('round_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    movementId: bigint('movement_id', { mode: 'number' }).references(() => walletMovements.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('vendor_promotion_credits_vendor_id_transaction_id_key').on(table.vendorId, table.transactionId),
    index('vendor_promotion_credits_day_idx').on(table.merchantId, table.vendorId, table.day, table.id),
  ],
);
