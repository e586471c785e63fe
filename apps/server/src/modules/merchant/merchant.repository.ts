import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantDomains, merchants } from '../../db/schema/index';

export type MerchantRow = typeof merchants.$inferSelect;

export async function findMerchantByDomain(db: Executor, domain: string): Promise<MerchantRow | undefined> {
  const rows = await db
    .select({ merchant: merchants })
    .from(merchantDomains)
    .innerJoin(merchants, eq(merchants.id, merchantDomains.merchantId))
    .where(eq(merchantDomains.domain, domain))
    .limit(1);
  return rows[0]?.merchant;
}

export async function findMerchantByCode(
  db: Executor,
  code: string,
  options: { lock?: boolean } = {},
): Promise<MerchantRow | undefined> {
  const select = db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  const rows = options.lock ? await select.for('update') : await select;
  return rows[0];
}

export async function findRouteDomains(db: Executor, merchantId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: merchantDomains.domain })
    .from(merchantDomains)
    .where(and(eq(merchantDomains.merchantId, merchantId), eq(merchantDomains.isRoute, true)))
    .orderBy(merchantDomains.sortOrder, merchantDomains.domain);
  return rows.map((row) => row.domain);
}

export async function updateMerchant(
  db: Executor,
  merchantId: number,
  patch: Partial<Omit<MerchantRow, 'id' | 'code' | 'createdAt'>>,
): Promise<MerchantRow | undefined> {
  const rows = await db
    .update(merchants)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(merchants.id, merchantId))
    .returning();
  return rows[0];
}

export async function findDomains(db: Executor, merchantId: number): Promise<{ domain: string; isRoute: boolean }[]> {
  return db
    .select({ domain: merchantDomains.domain, isRoute: merchantDomains.isRoute })
    .from(merchantDomains)
    .where(eq(merchantDomains.merchantId, merchantId))
    .orderBy(merchantDomains.sortOrder, merchantDomains.domain);
}
