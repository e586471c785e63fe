import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as db from '@parlay/db';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = db.Database<Schema>;
export type Transaction = db.Transaction<Schema>;
/** Repositories take either the database or the caller's open transaction. */
export type Executor = Database | Transaction;
export type DatabaseHandle = db.DatabaseHandle<Schema>;

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize: number;
      /** An idle pooled connection failed (the server restarted, or terminated it); the pool opens another. */
      onIdleClientError?: (error: Error) => void;
    }
  /** `initialData`: start from a `dumpDataDir` tar instead of an empty cluster (on disk: a folder with none). */
  | { kind: 'pglite'; dataDir: string | null; initialData?: Blob };

/**
 * Extensions the migrations create (0036: pg_trgm for game-name search). PGlite loads an extension's code
 * only when asked to on open, and an index of one cannot be read or written without it.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

/** The platform's database: PostgreSQL by URL, or PGlite in `dataDir/pg` (in memory when dataDir is null). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    return db.openDatabase({
      ...options,
      onIdleClientError: options.onIdleClientError ?? reportIdleClientErrorToStderr,
      tables: schema,
    });
  }
  if (options.dataDir === null) {
    return db.openDatabase({ ...options, extensions: PGLITE_EXTENSIONS, tables: schema });
  }
  // PGlite does not keep a second process out of its folder, which corrupts it: parlay.lock does (decision 0001).
  const absolute = path.resolve(options.dataDir);
  mkdirSync(absolute, { recursive: true });
  const releaseLock = acquireDataDirLock(absolute);
  try {
    const handle = await db.openDatabase({
      kind: 'pglite',
      dataDir: path.join(absolute, 'pg'),
      ...(options.initialData && { initialData: options.initialData }),
      extensions: PGLITE_EXTENSIONS,
      tables: schema,
    });
    return {
      ...handle,
      async close() {
        await handle.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** The pool's report of a failed idle connection for a process without a logger (the admin command). */
export function reportIdleClientErrorToStderr(error: Error): void {
  const code = (error as { code?: unknown }).code;
  console.error(
    `PostgreSQL closed an idle pooled connection (${typeof code === 'string' ? `${code}: ` : ''}${error.message}); the next query opens a new one`,
  );
}
