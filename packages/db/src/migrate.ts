import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle, LockedSession } from './database';

export interface MigrationOptions {
  /** The app's migrations: `NNNN_name.sql` files, applied once each, in name order. */
  migrationsDir: string;
  /** Where each migration applied is recorded by name, e.g. `schema_migrations` or `house.schema_migrations`. */
  migrationsTable: string;
  /** The app's advisory lock: instances of one app starting together apply each file once. */
  lockKey: number;
  /** Run first, before the tables exist (the house games' `CREATE SCHEMA IF NOT EXISTS house`). */
  prelude?: string;
  /**
   * The current definition of each function (with the triggers that call it) or view: `<name>.sql` files
   * of `CREATE OR REPLACE` statements, applied after the migrations. A file is applied again when its text
   * changed and after any migration; each file's hash is recorded in `functionsTable`.
   */
  functions?: { dir: string; table: string };
}

export interface MigrationResult {
  /** The migrations applied by this run. */
  migrations: string[];
  /** The function files applied by this run (new or changed ones, or all of them after a migration). */
  functions: string[];
}

async function sqlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Brings a database to the app's level: every migration not yet recorded, in name order, each in its own
 * transaction with its record, then the function files that changed, in one transaction. All of it under
 * the app's advisory lock, so several instances starting together apply each file once.
 */
export async function migrate(handle: DatabaseHandle, options: MigrationOptions): Promise<MigrationResult> {
  const result: MigrationResult = { migrations: [], functions: [] };
  await handle.withLockedSession(options.lockKey, async (session) => {
    await session.run(
      `${options.prelude ?? ''}
       CREATE TABLE IF NOT EXISTS ${options.migrationsTable} (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       );`,
    );
    const done = new Set(
      (await session.rows<{ name: string }>(`SELECT name FROM ${options.migrationsTable}`)).map((row) => row.name),
    );
    for (const name of await sqlFiles(options.migrationsDir)) {
      if (done.has(name)) continue;
      const script = await readFile(path.join(options.migrationsDir, name), 'utf8');
      await session.run(`${script}\n;INSERT INTO ${options.migrationsTable} (name) VALUES (${literal(name)});`);
      result.migrations.push(name);
    }
    if (options.functions) {
      result.functions = await applyFunctions(session, options.functions, result.migrations.length > 0);
    }
  });
  return result;
}

/**
 * Only what changed is applied: replacing a function, even with the same text, makes every connection
 * compile it and plan its statements again on its next call, and replacing a trigger locks its table.
 */
async function applyFunctions(
  session: LockedSession,
  { dir, table }: { dir: string; table: string },
  afterMigrations: boolean,
): Promise<string[]> {
  await session.run(
    `CREATE TABLE IF NOT EXISTS ${table} (
       name text PRIMARY KEY,
       sha256 text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     );`,
  );
  const recorded = new Map(
    (await session.rows<{ name: string; sha256: string }>(`SELECT name, sha256 FROM ${table}`)).map((row) => [
      row.name,
      row.sha256,
    ]),
  );
  const applied: string[] = [];
  const scripts: string[] = [];
  for (const name of await sqlFiles(dir)) {
    const script = await readFile(path.join(dir, name), 'utf8');
    const sha256 = createHash('sha256').update(script).digest('hex');
    // After a migration, every file: a migration may have replaced or dropped what a file defines.
    if (!afterMigrations && recorded.get(name) === sha256) continue;
    scripts.push(
      script,
      `;INSERT INTO ${table} (name, sha256) VALUES (${literal(name)}, ${literal(sha256)})
       ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = now();`,
    );
    applied.push(name);
  }
  if (scripts.length > 0) await session.run(scripts.join('\n'));
  return applied;
}
