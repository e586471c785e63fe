import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A brand (merchant). Everything a brand shows is data here, never a code fork. */
export const merchants = pgTable(
  'merchants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** Currency minor units per major unit exponent, e.g. 0 for KRW, 2 for USD. */
    currencyExponent: integer('currency_exponent').notNull().default(0),
    currencySymbol: text('currency_symbol').notNull().default('P'),
    timeZone: text('time_zone').notNull(),
    /**
     * Brand configuration (docs/product/site-shell-and-routes.md#brand-configuration): platform, lottery type,
     * languages, ...; validated by the contract.
     */
    config: jsonb('config').notNull(),
    /** Site content an operator edits: resources, customer service, CDNs, analytics, footer. */
    site: jsonb('site').notNull(),
    /**
     * The whitelabel tree (docs/product/constants.md#feature-flags): nodes with modId, enabled '1' or '0',
     * childrenNodes.
     */
    whitelabel: jsonb('whitelabel').notNull(),
    maintenance: boolean('maintenance').notNull().default(false),
    maintenanceEndAt: timestamp('maintenance_end_at', { withTimezone: true, mode: 'date' }),
    /** A scheduled maintenance is on from this time (and stays on until an operator ends it). */
    maintenanceStartsAt: timestamp('maintenance_starts_at', { withTimezone: true, mode: 'date' }),
    /** Bumped by every change to the brand's settings; a back-office save must carry the one it read. */
    version: integer('version').notNull().default(0),
    /** ISO 3166 alpha-2 country codes refused by this brand. */
    restrictedCountries: text('restricted_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** IP addresses or CIDR ranges refused by this brand. */
    restrictedIps: text('restricted_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Origin of the brand's player site (https, or http for a loopback host); every link sent is built on it. */
    siteUrl: text('site_url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('merchants_code_key').on(table.code)],
);

/** Host names that resolve to a brand; `isRoute` marks the ones listed by /wps/system/domainRoute. */
export const merchantDomains = pgTable('merchant_domains', {
  domain: text('domain').primaryKey(),
  merchantId: bigint('merchant_id', { mode: 'number' })
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  isRoute: boolean('is_route').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The brand's agent site: only agents sign in on this host (migration 0085, decision 0059). */
  isAgentSite: boolean('is_agent_site').notNull().default(false),
});
