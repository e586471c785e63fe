import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded, in name order, each in its own
 * transaction, under a lock so that several instances starting together apply each file once.
 */
export async function migrate(handle: DatabaseHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  await handle.runScriptsExclusively(async (exec) => {
    await exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       );`,
    );
    const result: unknown = await handle.db.execute(sql`SELECT name FROM schema_migrations`);
    const { rows } = result as { rows: { name: string }[] };
    const done = new Set(rows.map((row) => row.name));
    for (const name of files) {
      if (done.has(name)) continue;
      const script = await readFile(path.join(dir, name), 'utf8');
      await exec(`${script}\n;INSERT INTO schema_migrations (name) VALUES ('${name.replaceAll("'", "''")}');`);
      applied.push(name);
    }
  });
  return applied;
}
