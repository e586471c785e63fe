import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';

// Migration 0035: wallet history holds no foreign keys to vendors, brands and games, so those rows are
// never deleted nor renumbered, and a trigger says so.
describe('shared reference rows of wallet history', () => {
  let database: TestDatabase;
  const rows = async (statement: SQL) => {
    const result: unknown = await database.handle.db.execute(statement);
    return (result as { rows: Record<string, unknown>[] }).rows;
  };
  const refusal = async (statement: SQL) => {
    try {
      await database.handle.db.execute(statement);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? error;
      return { code: (cause as { code?: string }).code, message: (cause as { message?: string }).message };
    }
    return undefined;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.handle.db.execute(
      sql`WITH vendor AS (
            INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES ('KEEP', 'Kept', '{RNG}', 'x')
            RETURNING id)
          INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
          SELECT id, 'KEEP1', 'Kept', 'kept', 'RNG' FROM vendor`,
    );
  }, 180_000);
  afterAll(async () => {
    await database.drop();
  });

  it.each([
    ['game_vendors', sql`DELETE FROM game_vendors WHERE id = (SELECT min(id) FROM game_vendors)`],
    ['merchants', sql`DELETE FROM merchants WHERE id = (SELECT min(id) FROM merchants)`],
    ['games', sql`DELETE FROM games WHERE id = (SELECT min(id) FROM games)`],
    ['game_vendors', sql`UPDATE game_vendors SET id = id + 1000000 WHERE id = (SELECT min(id) FROM game_vendors)`],
    ['merchants', sql`UPDATE merchants SET id = id + 1000000 WHERE id = (SELECT min(id) FROM merchants)`],
    ['games', sql`UPDATE games SET id = id + 1000000 WHERE id = (SELECT min(id) FROM games)`],
  ])('refuses to remove or renumber a %s row', async (table, statement) => {
    const before = await rows(sql`SELECT count(*)::int AS n, min(id)::text AS first FROM ${sql.identifier(table)}`);
    expect(await refusal(statement)).toMatchObject({
      code: '23001',
      message: expect.stringContaining(`${table} row`),
    });
    expect(await rows(sql`SELECT count(*)::int AS n, min(id)::text AS first FROM ${sql.identifier(table)}`)).toEqual(
      before,
    );
  });

  it('still lets operators retire and rename them', async () => {
    await database.handle.db.execute(
      sql`UPDATE game_vendors SET status = 'maintenance', name = 'Kept (old)', id = id WHERE code = 'KEEP'`,
    );
    expect(await rows(sql`SELECT status, name FROM game_vendors WHERE code = 'KEEP'`)).toEqual([
      { status: 'maintenance', name: 'Kept (old)' },
    ]);
  });
});
