import type { CatalogueFeed, VendorWalletMode } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { TEST_ACTOR } from '../../test/actors';

/** Test fixtures of the vendor wallets (decision 0036): vendors of each wallet mode, a brand switched to them. */

/**
 * Writes a test vendor's feed (seamless-wallet.fixtures testVendorFeed) with its wallet mode and status, and its
 * wallet secret.
 */
export async function installWalletVendor(
  app: App,
  base: CatalogueFeed,
  walletSecret: string,
  options: { walletMode: VendorWalletMode; status?: 'active' | 'maintenance' },
): Promise<void> {
  const feed: CatalogueFeed = {
    ...base,
    vendor: { ...base.vendor, walletMode: options.walletMode, status: options.status ?? 'active' },
  };
  await app.gaming.catalogueSync.writeFeed(feed, { walletSecret });
}

/** Switches the brand's TRANSFER_WALLETS flag as an operator would (audited). */
export async function setTransferWallets(app: App, merchantCode: string, enabled: boolean): Promise<void> {
  await app.admin.merchants.setFlag(TEST_ACTOR, merchantCode, 'TRANSFER_WALLETS', enabled);
}

/** Every wallet account of the member in the currency: main (vendor null) and vendor wallets, by vendor code. */
export async function walletBalances(app: App, memberId: number): Promise<Record<string, number>> {
  const result: unknown = await app.db.execute(sql`SELECT coalesce(v.code, 'MAIN') AS code, a.balance_minor
    FROM wallet_accounts a LEFT JOIN game_vendors v ON v.id = a.vendor_id
    WHERE a.member_id = ${memberId} AND a.owner_type IN ('member', 'member_vendor')`);
  const rows = (result as { rows: { code: string; balance_minor: unknown }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.code, Number(row.balance_minor)]));
}

/** How many transfer movements the member has. */
export async function countTransfers(app: App, memberId: number): Promise<number> {
  const result: unknown = await app.db.execute(
    sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${memberId} AND kind = 'transfer'`,
  );
  return Number((result as { rows: { n: unknown }[] }).rows[0]?.n);
}
