import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantDomains, merchants } from '../../db/schema/index';

export type MerchantRow = typeof merchants.$inferSelect;

/** A host of a brand: listed to the site (`isRoute`), its agent site (`isAgentSite`, decision 0059). */
export interface BrandDomain {
  domain: string;
  isRoute: boolean;
  isAgentSite: boolean;
}

export async function findMerchantByDomain(
  db: Executor,
  domain: string,
): Promise<{ merchant: MerchantRow; isAgentSite: boolean } | undefined> {
  const rows = await db
    .select({ merchant: merchants, isAgentSite: merchantDomains.isAgentSite })
    .from(merchantDomains)
    .innerJoin(merchants, eq(merchants.id, merchantDomains.merchantId))
    .where(eq(merchantDomains.domain, domain))
    .limit(1);
  return rows[0];
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
  patch: Partial<Omit<MerchantRow, 'id' | 'code' | 'createdAt' | 'version'>>,
): Promise<MerchantRow | undefined> {
  // Every change bumps the version, the CLI's too: a back-office page opened before it is then out of date.
  const rows = await db
    .update(merchants)
    .set({ ...patch, updatedAt: new Date(), version: sql`${merchants.version} + 1` })
    .where(eq(merchants.id, merchantId))
    .returning();
  return rows[0];
}

export async function findDomains(db: Executor, merchantId: number): Promise<BrandDomain[]> {
  return db
    .select({
      domain: merchantDomains.domain,
      isRoute: merchantDomains.isRoute,
      isAgentSite: merchantDomains.isAgentSite,
    })
    .from(merchantDomains)
    .where(eq(merchantDomains.merchantId, merchantId))
    .orderBy(merchantDomains.sortOrder, merchantDomains.domain);
}

/** The domains of `domains` that belong to another brand. */
export async function findDomainsOfOtherBrands(db: Executor, merchantId: number, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: merchantDomains.domain })
    .from(merchantDomains)
    .where(and(inArray(merchantDomains.domain, domains), ne(merchantDomains.merchantId, merchantId)));
  return rows.map((row) => row.domain);
}

/** Replaces a brand's domains with `domains`, in that order. */
export async function replaceDomains(db: Executor, merchantId: number, domains: BrandDomain[]): Promise<void> {
  await db.delete(merchantDomains).where(eq(merchantDomains.merchantId, merchantId));
  if (domains.length === 0) return;
  await db.insert(merchantDomains).values(domains.map((entry, index) => ({ ...entry, merchantId, sortOrder: index })));
}
