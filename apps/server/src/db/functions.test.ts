import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from '../test/database';
import type { DatabaseHandle } from './client';
import { FUNCTIONS_DIR, migrate, MIGRATION_LOCK_KEY, MIGRATIONS_DIR } from './migrate';

interface Definitions {
  functions: Record<string, string>;
  triggers: Record<string, string>;
  views: Record<string, string>;
}

/** Everything of the platform's own (not an extension's) that the function files may define, as PostgreSQL prints it. */
async function definitions(handle: DatabaseHandle): Promise<Definitions> {
  const functions = await query<{ name: string; definition: string }>(
    handle.db,
    sql`SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
          FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = 'public'
           AND NOT EXISTS (SELECT 1 FROM pg_depend d
                            WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
         ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`,
  );
  const triggers = await query<{ name: string; definition: string }>(
    handle.db,
    sql`SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
          FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND NOT t.tgisinternal
         ORDER BY t.tgname`,
  );
  const views = await query<{ name: string; definition: string }>(
    handle.db,
    sql`SELECT viewname AS name, definition FROM pg_views WHERE schemaname = 'public' ORDER BY viewname`,
  );
  const byName = (rows: { name: string; definition: string }[]) =>
    Object.fromEntries(rows.map((row) => [row.name, row.definition]));
  return { functions: byName(functions), triggers: byName(triggers), views: byName(views) };
}

/** The migrations up to `level` in a folder of their own: the platform as it was then. */
function migrationsUpTo(level: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), `parlay-migrations-${level}-`));
  for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql') && file <= `${level}_~`)) {
    cpSync(path.join(MIGRATIONS_DIR, name), path.join(folder, name));
  }
  return folder;
}

const FILES = readdirSync(FUNCTIONS_DIR).filter((name) => name.endsWith('.sql'));

describe('the function files', () => {
  let fresh: TestDatabase;
  let current: Definitions;
  beforeAll(async () => {
    fresh = await createTestDatabase();
    current = await definitions(fresh.handle);
  }, 120_000);
  afterAll(async () => {
    await fresh.drop();
  });

  it('define every function, trigger and view of the platform, each function in a file of its name', () => {
    expect(Object.keys(current.functions).sort()).toEqual(
      FILES.map((name) => name.replace(/\.sql$/, '')).filter((name) => !(name in current.views)),
    );
    const text = FILES.map((name) => readFileSync(path.join(FUNCTIONS_DIR, name), 'utf8')).join('\n');
    for (const trigger of Object.keys(current.triggers)) {
      expect(text, `trigger ${trigger}`).toContain(`CREATE OR REPLACE TRIGGER ${trigger} `);
    }
    for (const view of Object.keys(current.views)) expect(FILES).toContain(`${view}.sql`);
  });

  it('are what a migrated database holds: applying them again changes no definition', async () => {
    await fresh.handle.withLockedSession(MIGRATION_LOCK_KEY, async (session) => {
      for (const name of FILES) await session.run(readFileSync(path.join(FUNCTIONS_DIR, name), 'utf8'));
    });
    expect(await definitions(fresh.handle)).toEqual(current);
  });

  // 0036: before migrations 0037, 0038 and 0045 restated the wallet functions; 0044: a database of yesterday.
  it.each(['0036', '0044'])(
    'give a database upgraded from migration %s the same definitions as a fresh one',
    async (level) => {
      const old = migrationsUpTo(level);
      const upgraded = await createEmptyTestDatabase();
      try {
        await migrate(upgraded.handle, { migrations: old, functions: null });
        const result = await migrate(upgraded.handle);
        expect(result.migrations[0]).toMatch(new RegExp(`^0*${Number(level) + 1}_`));
        expect(result.functions.sort()).toEqual([...FILES].sort());
        expect(await definitions(upgraded.handle)).toEqual(current);
      } finally {
        await upgraded.drop();
        rmSync(old, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
