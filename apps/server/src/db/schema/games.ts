import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { members } from './members';
import { merchants } from './merchants';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A game vendor; its `code` is the vassalage the spec names (TCG_SEA, PARLAY, ...). */
export const gameVendors = pgTable(
  'game_vendors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    gameTypes: text('game_types').array().notNull(),
    smallIcon: text('small_icon').notNull().default(''),
    /** HMAC-SHA256 key of the seamless wallet, shared with the vendor. */
    walletSecret: text('wallet_secret').notNull(),
    launchUrl: text('launch_url').notNull().default(''),
    /** active, maintenance (shown, cannot launch) or disabled (hidden). */
    status: text('status').notNull().default('active'),
    isHot: boolean('is_hot').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Where the vendor publishes its feed (catalogue sync, migration 0041); null: imported by hand only. */
    catalogueUrl: text('catalogue_url'),
    /** The last reading of the feed, whatever came of it; the next is due CATALOGUE_SYNC_EVERY_MS later. */
    catalogueCheckedAt: timestamp('catalogue_checked_at', { withTimezone: true, mode: 'date' }),
    /** The last reading that was written. */
    catalogueSyncedAt: timestamp('catalogue_synced_at', { withTimezone: true, mode: 'date' }),
    /** Why the last reading was not written; null after one that was. */
    catalogueError: text('catalogue_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('game_vendors_code_key').on(table.code)],
);

/** A game with every field of spec 01 §3. `nameKey` is lower(gameName), searched with LIKE. */
export const games = pgTable(
  'games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendorId: bigint('vendor_id', { mode: 'number' })
      .notNull()
      .references(() => gameVendors.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    gameName: text('game_name').notNull(),
    nameKey: text('name_key').notNull(),
    gameType: text('game_type').notNull(),
    showIcon: text('show_icon').notNull().default(''),
    supportPlay: smallint('support_play').notNull().default(1),
    defaultPlayType: text('default_play_type').notNull().default(''),
    isGame: text('is_game').notNull().default(''),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => games.id, {
      onDelete: 'set null',
    }),
    liveClass: text('live_class'),
    gameClassify: text('game_classify'),
    isHot: boolean('is_hot').notNull().default(false),
    minBet: bigint('min_bet', { mode: 'number' }),
    minLineNum: integer('min_line_num'),
    status: text('status').notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The account type a lottery game opens under (VN, SEA: spec 01 §2); null: the vendor's code. */
    accountTypeName: text('account_type_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('games_vendor_code_key').on(table.vendorId, table.code),
    index('games_parent_idx')
      .on(table.parentId)
      .where(sql`${table.parentId} IS NOT NULL`),
  ],
);

/** Vendors a brand offers, in its order. */
export const merchantVendors = pgTable(
  'merchant_vendors',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    vendorId: bigint('vendor_id', { mode: 'number' })
      .notNull()
      .references(() => gameVendors.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A day's most of the vendor's promotion and tournament credits (migration 0045); 0: none accepted. */
    promotionCapMinor: bigint('promotion_cap_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.vendorId] })],
);

/**
 * Games a brand offers, in its order; vendor and type are copied so each list is one index range.
 * `enabled`, `isHot` and `sortOrder` are derived from the feed and the brand's choices (`brand*`).
 */
export const merchantGames = pgTable(
  'merchant_games',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    vendorId: bigint('vendor_id', { mode: 'number' })
      .notNull()
      .references(() => gameVendors.id, { onDelete: 'cascade' }),
    gameType: text('game_type').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    isHot: boolean('is_hot').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** False for sub-games of a VASSALAGE game, which are listed under it. */
    topLevel: boolean('top_level').notNull().default(true),
    /** The brand's own choices (migration 0043); null follows the feed. The three above derive from them. */
    brandEnabled: boolean('brand_enabled'),
    brandHot: boolean('brand_hot'),
    brandSortOrder: integer('brand_sort_order'),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.gameId] }),
    index('merchant_games_type_order_idx')
      .on(table.merchantId, table.gameType, table.sortOrder, table.gameId)
      .where(sql`enabled AND top_level`),
    index('merchant_games_vendor_order_idx')
      .on(table.merchantId, table.vendorId, table.sortOrder, table.gameId)
      .where(sql`enabled AND top_level`),
    index('merchant_games_order_idx')
      .on(table.merchantId, table.sortOrder, table.gameId)
      .where(sql`enabled AND top_level`),
    index('merchant_games_hot_idx')
      .on(table.merchantId, table.sortOrder, table.gameId)
      .where(sql`enabled AND top_level AND is_hot`),
  ],
);

/** Bumped on every catalogue change so every instance drops its cached vendor lanes. */
export const catalogueVersions = pgTable('catalogue_versions', {
  merchantId: bigint('merchant_id', { mode: 'number' })
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

export const memberFavoriteGames = pgTable(
  'member_favorite_games',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('member_favorite_games_recent_idx').on(table.memberId, table.createdAt.desc()),
  ],
);

export const memberRecentGames = pgTable(
  'member_recent_games',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('member_recent_games_recent_idx').on(table.memberId, table.playedAt.desc()),
  ],
);
