import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded database each test file copies: a PGlite tar's path, or a database's name. */
    databaseTemplate?: string;
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

export interface DatabaseTemplate {
  /** What `createTestDatabase` copies: a PGlite dump's path, or the template database's name on the server. */
  reference: string;
  remove(): Promise<void>;
}

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  await migrate(handle);
  // The demo brand's site address as a server on the default configuration gets it (createTestApp's).
  await seedDemo(handle.db, { port: loadConfig({ NODE_ENV: 'test' }).PORT });
}

/**
 * Migrates and seeds one database for a whole test run (vitest's global setup): opening PGlite, running
 * the migrations and hashing the seeded passwords cost seconds, once per file without it. In memory, the
 * result is dumped to a tar in a temporary folder; on the server of DATABASE_URL it is a database of its
 * own that `CREATE DATABASE … TEMPLATE` copies.
 */
export async function createDatabaseTemplate(): Promise<DatabaseTemplate> {
  const serverUrl = process.env['DATABASE_URL'];
  if (serverUrl) {
    const name = `parlay_template_${randomBytes(6).toString('hex')}`;
    await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 2 });
    try {
      await migrateAndSeed(handle);
    } finally {
      // A database with open connections cannot be copied.
      await handle.close();
    }
    return {
      reference: name,
      remove: async () => {
        await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  const folder = mkdtempSync(path.join(os.tmpdir(), 'parlay-test-template-'));
  try {
    await migrateAndSeed(handle);
    const dump = await handle.dumpDataDir!();
    writeFileSync(path.join(folder, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  return { reference: path.join(folder, 'pglite.tar'), remove: async () => rmSync(folder, { recursive: true }) };
}

/** An empty database, neither migrated nor seeded: in-memory PGlite, or a new one on DATABASE_URL's server. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    return { handle, drop: () => handle.close() };
  }
  const name = `parlay_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 2 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (created here, dropped by `drop`). Both start as a
 * copy of the run's template when the global setup made one, and are migrated and seeded here when not.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env['DATABASE_URL'];
  // Outside vitest (bench:crash starts a platform with these helpers) there is no global setup: migrate here.
  const template = process.env['VITEST'] ? inject('databaseTemplate') : undefined;
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  if (serverUrl) {
    const name = `parlay_test_${randomBytes(6).toString('hex')}`;
    await withAdmin(serverUrl, (admin) =>
      admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
    );
    handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 10 });
    drop = async () => {
      await handle.close();
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  } else {
    const initialData = template ? new Blob([readFileSync(template)]) : undefined;
    handle = await openDatabase({ kind: 'pglite', dataDir: null, ...(initialData && { initialData }) });
    drop = () => handle.close();
  }
  if (!template) await migrateAndSeed(handle);
  return { handle, drop };
}
