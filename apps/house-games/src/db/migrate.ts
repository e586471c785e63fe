import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, type MigrationResult } from '@parlay/db';
import type { HouseDatabase } from './database';

export const HOUSE_MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The vendor's own lock, apart from the platform's: the two may share one database. */
export const HOUSE_MIGRATION_LOCK_KEY = 7_340_005;

/** Applies the vendor's own migrations, recorded in house.schema_migrations, apart from the platform's. */
export async function migrateHouse(handle: HouseDatabase, dir = HOUSE_MIGRATIONS_DIR): Promise<MigrationResult> {
  return migrate(handle, {
    prelude: 'CREATE SCHEMA IF NOT EXISTS house;',
    migrationsDir: dir,
    migrationsTable: 'house.schema_migrations',
    lockKey: HOUSE_MIGRATION_LOCK_KEY,
  });
}
