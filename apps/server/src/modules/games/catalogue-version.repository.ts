import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// A brand's catalogue version: every cache of the brand in every server holds to it (catalogue-cache.ts).

export async function findCatalogueVersion(db: Executor, merchantId: number): Promise<number> {
  const rows = await query<{ version: unknown }>(
    db,
    sql`SELECT version FROM catalogue_versions WHERE merchant_id = ${merchantId}`,
  );
  return rows[0] ? toNumber(rows[0].version) : 0;
}

/** One brand's catalogue changed: every instance drops what it cached of it (within VERSION_CHECK_MS). */
export async function bumpCatalogueVersion(db: Executor, merchantId: number): Promise<void> {
  await query(
    db,
    sql`INSERT INTO catalogue_versions (merchant_id, version) VALUES (${merchantId}, 1)
        ON CONFLICT (merchant_id) DO UPDATE SET version = catalogue_versions.version + 1`,
  );
}

export async function bumpCatalogueVersions(db: Executor): Promise<void> {
  await query(
    db,
    sql`INSERT INTO catalogue_versions (merchant_id, version) SELECT id, 1 FROM merchants
        ON CONFLICT (merchant_id) DO UPDATE SET version = catalogue_versions.version + 1`,
  );
}
