import type { CatalogueFeed } from '@parlay/contract';
import type { WalletService } from '../wallet/index';
import type { CatalogueSyncService } from './catalogue-sync.service';

/**
 * The demo brand's catalogue: the two vendors the spec names (TCG_SEA lottery, DS88 sports). Their
 * vendors are not part of this deployment, so they are listed under maintenance and cannot launch; the
 * playable games come from the house games vendor and our lottery vendor (HOUSE_LOTTERY_ENABLED), which
 * register their own feeds. TCG_SEA stays a stand-in the lanes leave out: our lottery does not take its code
 * (docs/product/games-and-wallet.md#our-lottery-and-tcg_sea).
 */
export const DEMO_FEEDS: CatalogueFeed[] = [
  {
    vendor: {
      code: 'TCG_SEA',
      name: 'TCG SEA Lottery',
      gameTypes: ['ELOTT', 'LOTT'],
      smallIcon: '',
      launchUrl: '',
      status: 'maintenance',
      isHot: false,
      // Lottery and sports vendors keep wallets of their own on a brand with vendor wallets (decision 0036).
      walletMode: 'transfer',
    },
    games: [
      // The account types (docs/product/games-and-wallet.md#lottery): a SEA lottery opens on /seaLottery,
      // a Vietnam one on /vnlottery.
      { code: 'SEA_LOTTO', gameName: 'SEA Lottery', gameType: 'ELOTT' as const, sortOrder: 1, accountTypeName: 'SEA' },
      { code: 'VN_LOTTO', gameName: 'VN Lottery', gameType: 'LOTT' as const, sortOrder: 2, accountTypeName: 'VN' },
    ].map((game) => ({
      ...game,
      showIcon: '',
      supportPlay: 1 as const,
      defaultPlayType: '',
      isGame: '',
      isHot: false,
      status: 'maintenance' as const,
    })),
  },
  {
    vendor: {
      code: 'DS88',
      name: 'DS88 Sports',
      gameTypes: ['SPORTS'],
      smallIcon: '',
      launchUrl: '',
      status: 'maintenance',
      isHot: false,
      // Lottery and sports vendors keep wallets of their own on a brand with vendor wallets (decision 0036).
      walletMode: 'transfer',
    },
    games: [
      {
        code: 'DS88_LOBBY',
        gameName: 'DS88 Sportsbook',
        gameType: 'SPORTS' as const,
        sortOrder: 1,
        showIcon: '',
        supportPlay: 1 as const,
        defaultPlayType: '',
        isGame: '',
        isHot: false,
        status: 'maintenance' as const,
      },
    ],
  },
];

/** Starting balance of the demo brand's real demo accounts, in major units. */
export const DEMO_START_BALANCE_MAJOR = 1_000_000;
export const DEMO_FUNDED_ACCOUNTS = ['demo', 'agent'] as const;

/**
 * Idempotent: writes the demo catalogue when a vendor is missing, and funds the demo accounts through
 * the ledger with a fixed idempotency key, so a restart moves nothing.
 */
export async function seedDemoGaming(
  feeds: CatalogueSyncService,
  wallet: WalletService,
  brands: {
    findByCode(
      code: string,
    ): Promise<{ id: number; brand: { currency: string; currencyExponent: number } } | undefined>;
  },
  merchantCode: string,
): Promise<void> {
  for (const feed of DEMO_FEEDS) {
    if (!(await feeds.hasVendor(feed.vendor.code))) await feeds.writeFeed(feed);
  }
  const brand = await brands.findByCode(merchantCode);
  if (!brand) return;
  for (const account of DEMO_FUNDED_ACCOUNTS) {
    try {
      await wallet.adjust(
        {
          merchantCode,
          account,
          amountMinor: DEMO_START_BALANCE_MAJOR * 10 ** brand.brand.currencyExponent,
          reason: 'Demo account starting balance',
          idempotencyKey: `seed-demo-${account}`,
        },
        brands,
      );
    } catch (error) {
      // A brand without this demo account (the operator removed it) is not an error.
      if ((error as { code?: string }).code !== 'WALLET_MEMBER_NOT_FOUND') throw error;
    }
  }
}
