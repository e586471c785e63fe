import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** The drizzle tables an app declares; the house games declare none and write SQL only. */
export type Tables = Record<string, unknown>;

export type Database<TTables extends Tables = Tables> = PgDatabase<PgQueryResultHKT, TTables>;
export type Transaction<TTables extends Tables = Tables> = Parameters<
  Parameters<Database<TTables>['transaction']>[0]
>[0];
/** Repositories take either the database or the caller's open transaction. */
export type Executor<TTables extends Tables = Tables> = Database<TTables> | Transaction<TTables>;

/** One connection that holds an advisory lock (PostgreSQL) or the only connection there is (PGlite). */
export interface LockedSession {
  /** Runs a script of one or more statements in a transaction of its own: all of it or none. */
  run(script: string): Promise<void>;
  /** One statement's rows, read on the same connection. */
  rows<T>(text: string): Promise<T[]>;
}

export interface DatabaseHandle<TTables extends Tables = Tables> {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Database<TTables>;
  /** PostgreSQL's URL, for what needs a connection of its own (the house games' LISTEN/NOTIFY). */
  readonly url?: string;
  /**
   * Runs `work` on one connection holding the advisory lock `lockKey`, so that instances starting together
   * take turns: each app's migrations have a key of their own. In PGlite, one run at a time in the process.
   */
  withLockedSession(lockKey: number, work: (session: LockedSession) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  /** PGlite only: the whole data folder as one tar, which `initialData` opens again (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions<TTables extends Tables = Tables> = { tables?: TTables } & (
  | {
      kind: 'postgres';
      url: string;
      poolSize: number;
      /** An idle pooled connection failed (the server restarted, or terminated it); the pool opens another. */
      onIdleClientError: (error: Error) => void;
    }
  | {
      kind: 'pglite';
      /** PGlite's folder; null keeps the database in memory. */
      dataDir: string | null;
      /** Start from a `dumpDataDir` tar instead of an empty cluster (on disk: only into a folder with no cluster). */
      initialData?: Blob;
      /** Extensions the migrations create: PGlite loads an extension's code only when told to on open. */
      extensions?: Extensions;
    }
);

/** PostgreSQL through node-postgres, or PGlite: one handle type, so that repositories never know which. */
export async function openDatabase<TTables extends Tables = Tables>(
  options: DatabaseOptions<TTables>,
): Promise<DatabaseHandle<TTables>> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize, options.onIdleClientError, options.tables)
    : openPglite(options.dataDir, options.initialData, options.extensions ?? {}, options.tables);
}

function openPostgres<TTables extends Tables>(
  url: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void,
  tables: TTables | undefined,
): DatabaseHandle<TTables> {
  // idleTimeoutMillis 0: an idle connection is kept, not closed after pg's default 10 s. Under a load that
  // ebbs and flows, that default closed the connections a lull left idle, and the next rise opened cold
  // ones: a new backend plans the wallet functions' statements and their key checks on its first calls,
  // and the calls queued behind it stalled for 50-100 ms (docs/decisions/0015-warm-database-connections.md).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0 });
  // Without a listener, an idle connection that the server ends (a restart, a failover, pg_terminate_backend)
  // is an unhandled 'error' event, and that ends the process.
  pool.on('error', onIdleClientError);
  const db = (tables ? drizzlePg(pool, { schema: tables }) : drizzlePg(pool)) as unknown as Database<TTables>;
  return {
    kind: 'postgres',
    db,
    url,
    async withLockedSession(lockKey, work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
        await work({
          async run(script) {
            await client.query('BEGIN');
            try {
              await client.query(script);
              await client.query('COMMIT');
            } catch (error) {
              await client.query('ROLLBACK');
              throw error;
            }
          },
          async rows<T>(text: string) {
            return (await client.query(text)).rows as T[];
          },
        });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
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

async function openPglite<TTables extends Tables>(
  dataDir: string | null,
  initialData: Blob | undefined,
  extensions: Extensions,
  tables: TTables | undefined,
): Promise<DatabaseHandle<TTables>> {
  let client: PGlite;
  if (dataDir === null) {
    client = await PGlite.create({ extensions, ...(initialData && { loadDataDir: initialData }) });
  } else {
    const absolute = path.resolve(dataDir);
    mkdirSync(absolute, { recursive: true });
    const fresh = !existsSync(path.join(absolute, 'PG_VERSION'));
    client = await PGlite.create(absolute, { extensions, ...(initialData && fresh && { loadDataDir: initialData }) });
  }
  const db = (tables
    ? drizzlePglite(client, { schema: tables })
    : drizzlePglite(client)) as unknown as Database<TTables>;
  // PGlite is one connection, and other processes are kept out of its folder by the app (the server's
  // parlay.lock): a chain of promises is the lock, so two runs in this process never interleave.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    db,
    async withLockedSession(_lockKey, work) {
      const previous = turn;
      let done!: () => void;
      turn = new Promise<void>((resolve) => (done = resolve));
      await previous;
      try {
        await work({
          async run(script) {
            await client.transaction(async (tx) => {
              await tx.exec(script);
            });
          },
          async rows<T>(text: string) {
            return (await client.query<T>(text)).rows;
          },
        });
      } finally {
        done();
      }
    },
    async ping() {
      await client.query('SELECT 1');
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
    },
  };
}
