import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { migrate } from './migrate';
import { announcements, helpItems, merchantDomains, merchants } from './schema/index';
import { seedDemo } from './seed';

const TABLES = { merchants, merchantDomains, announcements, helpItems };

async function counts(database: TestDatabase): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) result[name] = await database.handle.db.$count(table);
  return result;
}

describe('seedDemo', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 180_000);
  afterAll(async () => {
    await database.drop();
  });

  it('changes nothing when run again, and migrations apply nothing twice', async () => {
    const before = await counts(database);
    expect(before['announcements']).toBeGreaterThan(20);
    expect(before['helpItems']).toBeGreaterThan(15);
    expect(await migrate(database.handle)).toEqual({ migrations: [], functions: [] });
    await seedDemo(database.handle.db);
    expect(await counts(database)).toEqual(before);
  });

  it('dates the news back from the first start, none ahead of it, and gives each promotion its artwork', async () => {
    const rows = await database.handle.db
      .select({
        slug: announcements.slug,
        type: announcements.type,
        startsAt: announcements.startsAt,
        imageUrl: announcements.imageUrl,
      })
      .from(announcements);
    const ages = rows.map((row) => (Date.now() - row.startsAt.getTime()) / 86_400_000);
    // Seeded by this run (the test database is made at its start): within the last two months, not in 2025.
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeLessThan(61);
    const promotions = rows.filter((row) => row.type === 'PR');
    expect(promotions.length).toBeGreaterThan(0);
    for (const promotion of promotions) expect(promotion.imageUrl).toMatch(/^\/promo-art\/[a-z-]+\.svg$/);
  });

  it("keeps an operator's edit of seeded content", async () => {
    await database.handle.db.execute(sql`UPDATE help_items SET title = 'Edited' WHERE slug = 'terms-general-en'`);
    await seedDemo(database.handle.db);
    const rows = await database.handle.db
      .select({ title: helpItems.title })
      .from(helpItems)
      .where(eq(helpItems.slug, 'terms-general-en'));
    expect(rows).toEqual([{ title: 'Edited' }]);
  });

  it("gives the demo brand a site address when its data folder has none, and keeps an operator's", async () => {
    const { db } = database.handle;
    const siteUrl = async () =>
      (await db.select({ siteUrl: merchants.siteUrl }).from(merchants).where(eq(merchants.code, 'parlay')))[0]?.siteUrl;
    await db.execute(sql`UPDATE merchants SET site_url = NULL WHERE code = 'parlay'`);
    await seedDemo(db);
    expect(await siteUrl()).toBeNull();
    await seedDemo(db, { port: 9090 });
    expect(await siteUrl()).toBe('http://localhost:9090');
    await db.execute(sql`UPDATE merchants SET site_url = 'https://play.parlay.example' WHERE code = 'parlay'`);
    await seedDemo(db, { port: 9090 });
    expect(await siteUrl()).toBe('https://play.parlay.example');
  });
});
