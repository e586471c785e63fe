import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or the caller's open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Database;
  /** PostgreSQL's URL, for what needs a connection of its own (the house games' LISTEN/NOTIFY). */
  readonly url?: string;
  /** Runs a script of several statements inside one transaction, holding the migration lock. */
  runScriptsExclusively(work: (exec: (script: string) => Promise<void>) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  /** PGlite only: the whole data folder as one tar, which `initialData` opens again (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize: number;
      /** An idle pooled connection failed (the server restarted, or terminated it); the pool opens another. */
      onIdleClientError?: (error: Error) => void;
    }
  /** `initialData` (in memory only): start from a `dumpDataDir` tar instead of an empty cluster. */
  | { kind: 'pglite'; dataDir: string | null; initialData?: Blob };

const MIGRATION_LOCK_KEY = 7_340_001;

/**
 * Extensions the migrations create (0036: pg_trgm for game-name search). PGlite loads an extension's code
 * only when asked to on open, and an index of one cannot be read or written without it.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize, options.onIdleClientError ?? reportIdleClientErrorToStderr)
    : openPglite(options.dataDir, options.initialData);
}

/** The pool's report of a failed idle connection for a process without a logger (the admin command). */
export function reportIdleClientErrorToStderr(error: Error): void {
  const code = (error as { code?: unknown }).code;
  console.error(
    `PostgreSQL closed an idle pooled connection (${typeof code === 'string' ? `${code}: ` : ''}${error.message}); the next query opens a new one`,
  );
}

async function openPostgres(
  url: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void,
): Promise<DatabaseHandle> {
  // idleTimeoutMillis 0: an idle connection is kept, not closed after pg's default 10 s. Under a load that
  // ebbs and flows, that default closed the connections a lull left idle, and the next rise opened cold
  // ones: a new backend plans the wallet functions' statements and their key checks on its first calls,
  // and the calls queued behind it stalled for 50-100 ms (docs/decisions/0015-warm-database-connections.md).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0 });
  // Without a listener, an idle connection that the server ends (a restart, a failover, pg_terminate_backend)
  // is an unhandled 'error' event, and that ends the process.
  pool.on('error', onIdleClientError);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    url,
    async runScriptsExclusively(work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await work(async (script) => {
          await client.query('BEGIN');
          try {
            await client.query(script);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | null, initialData: Blob | undefined): Promise<DatabaseHandle> {
  let releaseLock: (() => void) | undefined;
  let client: PGlite;
  if (dataDir === null) {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, ...(initialData && { loadDataDir: initialData }) });
  } else {
    const absolute = path.resolve(dataDir);
    mkdirSync(absolute, { recursive: true });
    releaseLock = acquireDataDirLock(absolute);
    try {
      client = await PGlite.create(path.join(absolute, 'pg'), { extensions: PGLITE_EXTENSIONS });
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    async runScriptsExclusively(work) {
      // PGlite is one connection in this process and the data folder lock keeps other processes out.
      await work(async (script) => {
        await client.transaction(async (tx) => {
          await tx.exec(script);
        });
      });
    },
    async ping() {
      await client.query('SELECT 1');
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
      releaseLock?.();
    },
  };
}
