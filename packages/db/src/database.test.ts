import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { query } from './rows';

const serverUrl = process.env['DATABASE_URL'];

describe.skipIf(!serverUrl)('openDatabase on PostgreSQL', () => {
  let handle: DatabaseHandle;
  const idleErrors: Error[] = [];
  beforeAll(async () => {
    handle = await openDatabase({
      kind: 'postgres',
      url: serverUrl ?? '',
      poolSize: 1,
      onIdleClientError: (error) => idleErrors.push(error),
    });
  });
  afterAll(async () => {
    await handle.close();
  });

  const pid = async () =>
    Number((await query<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`))[0]?.pid ?? 0);

  // pg closes a connection idle for 10 s by default; the next call then waits for a cold backend.
  it('keeps an idle connection open past the pg default idle timeout (10 s)', async () => {
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
    const before = await pid();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [before]);
    await admin.end();
    await expect.poll(() => idleErrors.length).toBe(1);
    expect((idleErrors[0] as Error & { code?: string }).code).toBe('57P01');
    const after = await pid();
    expect(after).toBeGreaterThan(0);
    expect(after).not.toBe(before);
  });
});

describe('openDatabase on PGlite', () => {
  it('runs one locked session at a time in the process', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const order: string[] = [];
      let releaseFirst!: () => void;
      const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
      const first = handle.withLockedSession(1, async (session) => {
        order.push('first in');
        await session.run('CREATE TABLE taken (n int)');
        await firstHolds;
        order.push('first out');
      });
      const second = handle.withLockedSession(1, async (session) => {
        order.push('second in');
        expect(await session.rows<{ n: number }>('SELECT count(*)::int AS n FROM taken')).toEqual([{ n: 0 }]);
      });
      await vi.waitFor(() => expect(order).toEqual(['first in']));
      releaseFirst();
      await Promise.all([first, second]);
      expect(order).toEqual(['first in', 'first out', 'second in']);
    } finally {
      await handle.close();
    }
  });

  it('starts an empty folder from a dump, and a folder with a cluster from its own data', async () => {
    const memory = await openDatabase({ kind: 'pglite', dataDir: null });
    await query(memory.db, sql`CREATE TABLE dumped (n int)`);
    await query(memory.db, sql`INSERT INTO dumped VALUES (7)`);
    const dump = await memory.dumpDataDir!();
    await memory.close();
    const folder = mkdtempSync(path.join(tmpdir(), 'parlay-db-dump-'));
    try {
      const disk = await openDatabase({ kind: 'pglite', dataDir: folder, initialData: dump });
      expect(await query(disk.db, sql`SELECT n FROM dumped`)).toEqual([{ n: 7 }]);
      await query(disk.db, sql`UPDATE dumped SET n = 8`);
      await disk.close();
      // Opened again with the dump: the folder's own data wins, the dump is not loaded over it.
      const again = await openDatabase({ kind: 'pglite', dataDir: folder, initialData: dump });
      expect(await query(again.db, sql`SELECT n FROM dumped`)).toEqual([{ n: 8 }]);
      await again.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('rolls a failed script back whole', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await handle.withLockedSession(1, async (session) => {
        await expect(session.run('CREATE TABLE kept (n int); SELECT 1 / 0;')).rejects.toThrow(/division by zero/);
        expect(await session.rows(`SELECT 1 FROM pg_tables WHERE tablename = 'kept'`)).toEqual([]);
      });
    } finally {
      await handle.close();
    }
  });
});
