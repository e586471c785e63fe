import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openHouseDatabase, query, type HouseDatabase } from './database';

// Runs where a PostgreSQL server is given (DATABASE_URL); the house suites otherwise use PGlite.
const serverUrl = process.env['DATABASE_URL'];

describe.skipIf(!serverUrl)('openHouseDatabase on PostgreSQL', () => {
  let database: HouseDatabase;
  const idleErrors: Error[] = [];
  beforeAll(async () => {
    database = await openHouseDatabase({
      kind: 'postgres',
      url: serverUrl ?? '',
      poolSize: 1,
      onIdleClientError: (error) => idleErrors.push(error),
    });
  });
  afterAll(async () => {
    await database.close();
  });

  // pg closes a connection idle for 10 s by default; the next round then waits for a cold backend.
  it('keeps an idle connection open past the pg default idle timeout (10 s)', async () => {
    const pid = async () =>
      Number((await query<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`))[0]?.pid ?? 0);
    // The pool's idle timer starts as the connection goes back to it: a faked one, moved past 10 s.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const before = await pid();
      await vi.advanceTimersByTimeAsync(10_500);
      expect(await pid()).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lives on when the server ends an idle connection, and the next query opens a new one', async () => {
    const pid = async () =>
      Number((await query<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`))[0]?.pid ?? 0);
    const before = await pid();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [before]);
    await admin.end();
    await expect.poll(() => idleErrors.length).toBe(1);
    const after = await pid();
    expect(after).toBeGreaterThan(0);
    expect(after).not.toBe(before);
  });
});
