import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateDatabase, type MigrationResult } from '@parlay/db';
import type { DatabaseHandle } from './client';

const DB_DIR = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.join(DB_DIR, 'migrations');
/** The current definition of each SQL function with its triggers, one file each (decision 0031). */
export const FUNCTIONS_DIR = path.join(DB_DIR, 'functions');
/** The platform's migration lock; the house games' migrations take a key of their own. */
export const MIGRATION_LOCK_KEY = 7_340_001;

/**
 * Brings the platform's database to this version, under one advisory lock so that several instances
 * starting together apply each file once: the migrations not yet applied (`migrations/NNNN_name.sql`, for
 * tables and data, recorded in schema_migrations), then the files of `functions/` that changed (recorded
 * with their hash in schema_functions). `functions: null` is a version from before those files.
 */
export async function migrate(
  handle: DatabaseHandle,
  dirs: { migrations?: string; functions?: string | null } = {},
): Promise<MigrationResult> {
  const functions = dirs.functions === undefined ? FUNCTIONS_DIR : dirs.functions;
  return migrateDatabase(handle, {
    migrationsDir: dirs.migrations ?? MIGRATIONS_DIR,
    migrationsTable: 'schema_migrations',
    lockKey: MIGRATION_LOCK_KEY,
    ...(functions !== null && { functions: { dir: functions, table: 'schema_functions' } }),
  });
}
