import type { Database } from '../db/client';
import { merchantDomains, merchants } from '../db/schema/index';
import { demoBrandConfig, demoSite, demoWhitelabel } from '../db/seed';

/** A second brand beside the demo one, reached at `domain`: for tests that one brand never sees another's rows. */
export async function createTestBrand(db: Database, code: string, domain: string): Promise<number> {
  const [brand] = await db
    .insert(merchants)
    .values({
      code,
      name: code,
      currency: 'KRW',
      timeZone: 'Asia/Seoul',
      config: demoBrandConfig,
      site: demoSite,
      whitelabel: demoWhitelabel,
    })
    .returning({ id: merchants.id });
  if (!brand) throw new Error(`brand ${code} not created`);
  await db.insert(merchantDomains).values({ domain, merchantId: brand.id });
  return brand.id;
}
