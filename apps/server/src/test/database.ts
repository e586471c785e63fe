import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (created here, dropped by `drop`).
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env['DATABASE_URL'];
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  if (serverUrl) {
    const name = `parlay_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
    drop = async () => {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    };
  } else {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    drop = () => handle.close();
  }
  await migrate(handle);
  if (options.seed ?? true) await seedDemo(handle.db);
  return { handle, drop };
}
