import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * Announcements (docs/product/site-shell-and-routes.md#announcements): banners (B), player notices (PL), popups
 * (PU), promotions (PR), H.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Stable key within the brand (seed, imports); null for items an operator writes by hand. */
    slug: text('slug'),
    type: text('type').notNull(),
    /** Platform the announcement is shown on; W is the web site. */
    platform: text('platform').notNull().default('W'),
    /** Execution mode; B is shown in the browser. */
    execution: text('execution').notNull().default('B'),
    language: text('language').notNull(),
    title: text('title').notNull(),
    /** HTML written by the operator; the player site sanitises it before rendering. */
    content: text('content').notNull().default(''),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    /** 'all': the site's lists; 'agents': only the agent centre's announcement page (migration 0091). */
    audience: text('audience').notNull().default('all'),
    /** Banner group such as w_login or w_register; null for the lobby carousel. */
    groupName: text('group_name'),
    sortOrder: integer('sort_order').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Bumped by every change; a back-office save must carry the one it read. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('announcements_merchant_type_idx').on(table.merchantId, table.type, table.language),
    uniqueIndex('announcements_merchant_slug_key').on(table.merchantId, table.slug),
  ],
);

/** Help centre items (title and HTML content), grouped by category, per brand and language. */
export const helpItems = pgTable(
  'help_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Stable key within the brand (seed, imports); null for items an operator writes by hand. */
    slug: text('slug'),
    language: text('language').notNull(),
    /** Category key: faq, terms, about, privacy, responsible, contact, affiliates, refund. */
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Bumped by every change; a back-office save must carry the one it read. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('help_items_merchant_lang_idx').on(table.merchantId, table.language),
    uniqueIndex('help_items_merchant_slug_key').on(table.merchantId, table.slug),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Images operators upload (a brand's logo, banners), decoded and encoded again before they are stored, under a
 * name the server made up; served at /wps/media/<name> with the type stored here (migration 0051).
 */
export const mediaFiles = pgTable('media_files', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: bigint('merchant_id', { mode: 'number' })
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  /** 32 random hex digits and the extension of the type: nothing of the uploader's file name. */
  name: text('name').notNull(),
  /** logo, banner or avatar: what the image was checked for (migration 0059 added avatar). */
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
