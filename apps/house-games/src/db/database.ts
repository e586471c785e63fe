import { openDatabase, type Database, type DatabaseHandle, type Executor, type Transaction } from '@parlay/db';

export { query, toIso, toNullableNumber, toNumber } from '@parlay/db';
export { sql } from 'drizzle-orm';

/** The vendor writes SQL only: it declares no drizzle tables. */
export type HouseDb = Database;
export type HouseTransaction = Transaction;
/** Repositories take the database or the caller's open transaction. */
export type HouseExecutor = Executor;

/**
 * The database handle: the platform's own type (@parlay/db), so that the embedded default can hand the
 * vendor its own connection to the one database; the vendor keeps to its own schema, `house`.
 */
export type HouseDatabase = DatabaseHandle;

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
  if (options.kind === 'pglite') return openDatabase(options);
  return openDatabase({
    kind: 'postgres',
    url: options.url,
    poolSize: options.poolSize ?? 10,
    // Without a listener, an idle connection that the server ends is an unhandled 'error' event: the
    // process would exit in the middle of its rounds.
    onIdleClientError:
      options.onIdleClientError ??
      ((error) => console.error(`house-games: PostgreSQL closed an idle pooled connection (${error.message})`)),
  });
}
