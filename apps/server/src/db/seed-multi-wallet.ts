import { WHITELABEL } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { merchantDomains, merchants } from './schema/index';
import { demoBrandConfig, demoSite, demoWhitelabel, seedDemoContent } from './seed';
import { seedDemoAccounts } from './seed-accounts';

/** The second demo brand: a main wallet plus one per transfer-mode vendor (decision 0036). */
export const MULTI_WALLET_DEMO_CODE = 'parlay-multi';
/** Browsers send every `*.localhost` name to this machine, so this host needs no set-up. */
export const MULTI_WALLET_DEMO_HOST = 'multi.localhost';

/**
 * Idempotent, like seedDemo: the brand with TRANSFER_WALLETS on, its host, its content and its demo accounts (funded
 * by seedDemoGaming at start). No site address: a link the platform sends must be on an https origin or plain
 * localhost (decision 0026), so this brand sends none until an operator sets one. Its vendors come with their feeds, as the demo brand's do. Only main.ts calls it: the
 * tests' template keeps one brand.
 */
export async function seedMultiWalletDemo(db: Database): Promise<void> {
  const merchantId = await db.transaction(async (tx) => {
    await tx
      .insert(merchants)
      .values({
        code: MULTI_WALLET_DEMO_CODE,
        name: 'Parlay Multi',
        currency: 'KRW',
        currencyExponent: 0,
        currencySymbol: '₩',
        timeZone: 'Asia/Seoul',
        config: demoBrandConfig,
        site: demoSite,
        whitelabel: [...demoWhitelabel, { modId: WHITELABEL.TRANSFER_WALLETS, enabled: '1', childrenNodes: [] }],
      })
      .onConflictDoNothing({ target: merchants.code });
    const [merchant] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(sql`${merchants.code} = ${MULTI_WALLET_DEMO_CODE}`);
    if (!merchant) throw new Error('multi-wallet demo brand missing after insert');
    await tx
      .insert(merchantDomains)
      .values({ domain: MULTI_WALLET_DEMO_HOST, merchantId: merchant.id, isRoute: false, sortOrder: 0 })
      .onConflictDoNothing({ target: merchantDomains.domain });
    return merchant.id;
  });
  await seedDemoContent(db, merchantId);
  await seedDemoAccounts(db, MULTI_WALLET_DEMO_CODE);
}
