import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { migrate, type MigrationOptions } from './migrate';

let folder: string;
let migrationsDir: string;
let functionsDir: string;
const opened: DatabaseHandle[] = [];

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'parlay-db-migrate-'));
  migrationsDir = path.join(folder, 'migrations');
  functionsDir = path.join(folder, 'functions');
  mkdirSync(migrationsDir);
  mkdirSync(functionsDir);
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
  rmSync(folder, { recursive: true, force: true });
});

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

async function pglite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  opened.push(handle);
  return handle;
}

const options = (): MigrationOptions => ({
  migrationsDir,
  migrationsTable: 'schema_migrations',
  lockKey: 42,
  functions: { dir: functionsDir, table: 'schema_functions' },
});

async function rows<T>(handle: DatabaseHandle, text: string): Promise<T[]> {
  let result: T[] = [];
  await handle.withLockedSession(0, async (session) => {
    result = await session.rows<T>(text);
  });
  return result;
}

/** The row version of a function in pg_proc: a new one each time the function is replaced. */
async function functionVersion(handle: DatabaseHandle, name: string): Promise<string | undefined> {
  const found = await rows<{ xmin: string }>(handle, `SELECT xmin::text FROM pg_proc WHERE proname = '${name}'`);
  return found[0]?.xmin;
}

const DOUBLE = `CREATE OR REPLACE FUNCTION double(n int) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT n * 2 $$;`;

describe(migrate.name, () => {
  it('applies each migration once, in name order, and records it', async () => {
    write(migrationsDir, {
      '0002_second.sql': 'INSERT INTO steps VALUES (2);',
      '0001_first.sql': 'CREATE TABLE steps (n int);\nINSERT INTO steps VALUES (1);',
      'notes.txt': 'not a migration',
    });
    const handle = await pglite();
    expect(await migrate(handle, options())).toEqual({
      migrations: ['0001_first.sql', '0002_second.sql'],
      functions: [],
    });
    expect(await migrate(handle, options())).toEqual({ migrations: [], functions: [] });
    write(migrationsDir, { '0003_third.sql': 'INSERT INTO steps VALUES (3);' });
    expect((await migrate(handle, options())).migrations).toEqual(['0003_third.sql']);
    expect(await rows(handle, 'SELECT n FROM steps ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await rows(handle, 'SELECT name FROM schema_migrations ORDER BY name')).toEqual([
      { name: '0001_first.sql' },
      { name: '0002_second.sql' },
      { name: '0003_third.sql' },
    ]);
  });

  it('keeps the migrations before a failed one, and leaves the failed one unrecorded', async () => {
    write(migrationsDir, {
      '0001_first.sql': 'CREATE TABLE steps (n int);',
      '0002_broken.sql': 'INSERT INTO steps VALUES (2);\nINSERT INTO nowhere VALUES (1);',
    });
    const handle = await pglite();
    await expect(migrate(handle, options())).rejects.toThrow(/nowhere/);
    expect(await rows(handle, 'SELECT name FROM schema_migrations')).toEqual([{ name: '0001_first.sql' }]);
    expect(await rows(handle, 'SELECT n FROM steps')).toEqual([]);
  });

  it('runs the prelude first and records in a table of another schema', async () => {
    write(migrationsDir, { '0001_first.sql': 'CREATE TABLE house.steps (n int);' });
    const handle = await pglite();
    const house = {
      migrationsDir,
      migrationsTable: 'house.schema_migrations',
      lockKey: 43,
      prelude: 'CREATE SCHEMA IF NOT EXISTS house;',
    };
    expect((await migrate(handle, house)).migrations).toEqual(['0001_first.sql']);
    expect((await migrate(handle, house)).migrations).toEqual([]);
    expect(await rows(handle, 'SELECT name FROM house.schema_migrations')).toEqual([{ name: '0001_first.sql' }]);
  });

  describe('function files', () => {
    it('applies them after the migrations, and again only when their text changes', async () => {
      // A function file may use what this run's migrations made.
      write(migrationsDir, { '0001_prices.sql': 'CREATE TABLE prices (n int);' });
      write(functionsDir, {
        'double.sql': DOUBLE,
        'total.sql': `CREATE OR REPLACE FUNCTION total() RETURNS bigint LANGUAGE sql AS $$ SELECT sum(n) FROM prices $$;`,
      });
      const handle = await pglite();
      expect(await migrate(handle, options())).toEqual({
        migrations: ['0001_prices.sql'],
        functions: ['double.sql', 'total.sql'],
      });
      const before = await functionVersion(handle, 'double');

      expect(await migrate(handle, options())).toEqual({ migrations: [], functions: [] });
      expect(await functionVersion(handle, 'double')).toBe(before);

      write(functionsDir, {
        'total.sql': `CREATE OR REPLACE FUNCTION total() RETURNS bigint LANGUAGE sql AS $$ SELECT coalesce(sum(n), 0) FROM prices $$;`,
      });
      expect(await migrate(handle, options())).toEqual({ migrations: [], functions: ['total.sql'] });
      expect(await functionVersion(handle, 'double')).toBe(before);
      expect(await rows(handle, 'SELECT total()::int AS total')).toEqual([{ total: 0 }]);
    });

    it('applies every file again after a migration, which may have dropped or replaced what one defines', async () => {
      write(functionsDir, { 'double.sql': DOUBLE });
      const handle = await pglite();
      await migrate(handle, options());
      write(migrationsDir, { '0001_drop.sql': 'DROP FUNCTION double(int);' });
      expect(await migrate(handle, options())).toEqual({ migrations: ['0001_drop.sql'], functions: ['double.sql'] });
      expect(await rows(handle, 'SELECT double(21) AS n')).toEqual([{ n: 42 }]);
    });

    it('applies none of them when one fails, and records none', async () => {
      write(functionsDir, {
        'double.sql': DOUBLE,
        'later.sql': 'CREATE OR REPLACE VIEW later AS SELECT * FROM nowhere;',
      });
      const handle = await pglite();
      await expect(migrate(handle, options())).rejects.toThrow(/nowhere/);
      expect(await functionVersion(handle, 'double')).toBeUndefined();
      expect(await rows(handle, 'SELECT name FROM schema_functions')).toEqual([]);
    });
  });
});

const serverUrl = process.env['DATABASE_URL'];

describe.skipIf(!serverUrl)('migrate on PostgreSQL', () => {
  let databaseUrl: string;
  let name: string;
  beforeEach(async () => {
    name = `parlay_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('applies each file once when several instances start together', async () => {
    // pg_sleep: each migration takes long enough that the instances would overlap without the lock.
    write(migrationsDir, {
      '0001_steps.sql': 'CREATE TABLE steps (n int PRIMARY KEY); SELECT pg_sleep(0.2);',
      '0002_step.sql': 'INSERT INTO steps VALUES (2); SELECT pg_sleep(0.2);',
    });
    write(functionsDir, { 'double.sql': DOUBLE });
    const instances = await Promise.all(
      [1, 2, 3].map(() =>
        openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2, onIdleClientError: () => undefined }),
      ),
    );
    opened.push(...instances);
    const results = await Promise.all(instances.map((handle) => migrate(handle, options())));
    expect(results.flatMap((result) => result.migrations).sort()).toEqual(['0001_steps.sql', '0002_step.sql']);
    expect(results.flatMap((result) => result.functions)).toEqual(['double.sql']);
  });
});
