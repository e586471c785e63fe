import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { query, sql, type HouseDatabase } from './database';

export const HOUSE_MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the vendor's own migrations, recorded in house.schema_migrations, apart from the platform's. */
export async function migrateHouse(handle: HouseDatabase, dir = HOUSE_MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  await handle.runScriptsExclusively(async (exec) => {
    await exec(
      `CREATE SCHEMA IF NOT EXISTS house;
       CREATE TABLE IF NOT EXISTS house.schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       );`,
    );
    const rows = await query<{ name: string }>(handle.db, sql`SELECT name FROM house.schema_migrations`);
    const done = new Set(rows.map((row) => row.name));
    for (const name of files) {
      if (done.has(name)) continue;
      const script = await readFile(path.join(dir, name), 'utf8');
      await exec(`${script}\n;INSERT INTO house.schema_migrations (name) VALUES ('${name.replaceAll("'", "''")}');`);
      applied.push(name);
    }
  });
  return applied;
}
