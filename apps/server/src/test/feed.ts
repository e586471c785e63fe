import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Waits until every row of the settlement feed is ready for its consumers: written by a transaction that ended before
 * every transaction still running began (decision 0034). On PostgreSQL shared by parallel test files, another file's
 * open transaction holds the cluster's xmin back for a moment, and a consumer run then sees none of the newest rows;
 * on PGlite they are ready at once. Call after writing rows and before consuming them.
 */
export async function waitForFeedReady(db: Executor): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const rows = await query<{ ready: boolean }>(
      db,
      sql`SELECT NOT EXISTS (SELECT 1 FROM settlement_feed WHERE xid >= pg_snapshot_xmin(pg_current_snapshot()))
            AS ready`,
    );
    if (rows[0]?.ready === true) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the feed did not become ready: a transaction stays open');
}
