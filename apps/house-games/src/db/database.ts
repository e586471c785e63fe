import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vendor never uses drizzle's typed schema.
export type HouseDb = PgDatabase<PgQueryResultHKT, any>;
export type HouseTransaction = Parameters<Parameters<HouseDb['transaction']>[0]>[0];
/** Repositories take the database or the caller's open transaction. */
export type HouseExecutor = HouseDb | HouseTransaction;

/**
 * The database handle: the same shape as the platform's, so that the embedded default can hand the vendor
 * its own connection to the one database; the vendor keeps to its own schema, `house`.
 */
export interface HouseDatabase {
  readonly kind: 'pglite' | 'postgres';
  readonly db: HouseDb;
  /** PostgreSQL's URL: the instances of the crash loop reach each other through it (LISTEN/NOTIFY). */
  readonly url?: string;
  runScriptsExclusively(work: (exec: (script: string) => Promise<void>) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

type Row = Record<string, unknown>;

export async function query<T extends Row>(db: HouseExecutor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

export function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

export function toNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

export function toIso(value: unknown): string {
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
}

const MIGRATION_LOCK_KEY = 7_340_005;

/** A standalone vendor's own database: PostgreSQL by URL, or an embedded PGlite (in memory when dataDir is null). */
export async function openHouseDatabase(
  options:
    | {
        kind: 'postgres';
        url: string;
        poolSize?: number;
        /** An idle pooled connection failed (the server restarted, or ended it); the pool opens another. */
        onIdleClientError?: (error: Error) => void;
      }
    | { kind: 'pglite'; dataDir: string | null },
): Promise<HouseDatabase> {
  if (options.kind === 'postgres') {
    // Idle connections are kept (idleTimeoutMillis 0), as the platform keeps its own: a connection closed
    // in a lull is a cold backend in the next rise (docs/decisions/0015-warm-database-connections.md).
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, idleTimeoutMillis: 0 });
    // Without a listener, an idle connection that the server ends is an unhandled 'error' event: the
    // process would exit in the middle of its rounds.
    pool.on(
      'error',
      options.onIdleClientError ??
        ((error) => console.error(`house-games: PostgreSQL closed an idle pooled connection (${error.message})`)),
    );
    return {
      kind: 'postgres',
      db: drizzlePg(pool) as unknown as HouseDb,
      url: options.url,
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
      async close() {
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (options.dataDir === null) {
    client = await PGlite.create();
  } else {
    const absolute = path.resolve(options.dataDir);
    mkdirSync(absolute, { recursive: true });
    client = await PGlite.create(absolute);
  }
  return {
    kind: 'pglite',
    db: drizzlePglite(client) as unknown as HouseDb,
    async runScriptsExclusively(work) {
      await work(async (script) => {
        await client.transaction(async (tx) => {
          await tx.exec(script);
        });
      });
    },
    async close() {
      await client.close();
    },
  };
}

export { sql };
