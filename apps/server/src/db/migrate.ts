import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateDatabase, type MigrationResult } from '@parlay/db';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The platform's migration lock; the house games' migrations take a key of their own. */
export const MIGRATION_LOCK_KEY = 7_340_001;

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded in schema_migrations, in name order, each in its
 * own transaction, under an advisory lock so that several instances starting together apply each file once.
 */
export async function migrate(handle: DatabaseHandle, migrationsDir = MIGRATIONS_DIR): Promise<MigrationResult> {
  return migrateDatabase(handle, {
    migrationsDir,
    migrationsTable: 'schema_migrations',
    lockKey: MIGRATION_LOCK_KEY,
  });
}
