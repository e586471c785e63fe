import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { DEV_DATA_ENCRYPTION_KEY } from '../../config';
import { bettingRoutes, ABANDONED_ROUND_AFTER_MS, BettingService } from '../betting/index';
import { vendorWalletRoutes, SecretBox, VendorService } from '../vendor/index';
import { walletRoutes, WalletService } from '../wallet/index';
import { gamesRoutes } from './games.routes';
import { seedDemoGaming } from './games.seed';
import { GamesService } from './games.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue, ledger, rounds and the vendor adapter: one instance of each service per app. */
    gaming: { wallet: WalletService; betting: BettingService; vendors: VendorService; games: GamesService };
  }
}

export interface GamingPluginOptions {
  seedDemo: boolean;
  demoMerchantCode: string;
  /** DATA_ENCRYPTION_KEY: seals vendors' wallet secrets in the database. */
  dataEncryptionKey: string;
  /** Warn when production runs on the development key. */
  production: boolean;
}

/**
 * Games and wallet (issue 4): builds the services once, registers the player calls, the member wallet
 * calls, the betting records and the seamless wallet vendors call.
 */
export const gamingPlugin = fp(
  async (app: FastifyInstance, options: GamingPluginOptions) => {
    const wallet = new WalletService(app.db);
    const betting = new BettingService(app.db);
    const vendors = new VendorService(app.db, wallet, betting, new SecretBox(options.dataEncryptionKey));
    const games = new GamesService(app.db, vendors);
    app.decorate('gaming', { wallet, betting, vendors, games });

    if (options.production && options.dataEncryptionKey === DEV_DATA_ENCRYPTION_KEY) {
      app.log.warn('DATA_ENCRYPTION_KEY is the development default: set a key of your own in production');
    }
    // Wallet secrets written before they were encrypted at rest are sealed now, once.
    const sealed = await vendors.sealStoredSecrets();
    if (sealed > 0) app.log.info({ sealed }, 'vendor wallet secrets encrypted at rest');

    if (options.seedDemo) await seedDemoGaming(games, wallet, app.merchants, options.demoMerchantCode);

    // Rounds a vendor left open: an operator asks the vendor, then cancels or settles them (decision 0021).
    new Gauge({
      name: 'parlay_game_rounds_abandoned',
      help: 'Rounds still open more than 24 hours after they started (npm run admin -- rounds open)',
      registers: [app.metrics],
      async collect() {
        // A database that does not answer must not take the process metrics down with this one gauge.
        try {
          this.set(await betting.countOpenRounds(ABANDONED_ROUND_AFTER_MS));
        } catch (error) {
          app.log.warn({ err: error }, 'abandoned rounds could not be counted for /metrics');
        }
      },
    });

    // Credits for a round with no debit (decision 0027): a vendor minting money, or a promotion it pays.
    const creditsWithoutDebit = new Counter({
      name: 'parlay_vendor_credits_without_debit_total',
      help: 'Vendor credits for a round with no debit of the player: promotion_paid, promotion_over_cap (refused), round_without_debit (refused)',
      labelNames: ['vendor', 'outcome'] as const,
      registers: [app.metrics],
    });
    vendors.observeCreditsWithoutDebit((vendor, outcome) => creditsWithoutDebit.inc({ vendor, outcome }));

    await app.register(gamesRoutes(games, betting));
    await app.register(walletRoutes(wallet, betting));
    await app.register(bettingRoutes(betting));
    await app.register(vendorWalletRoutes(vendors));
  },
  { name: 'gaming', dependencies: ['db', 'merchant-context', 'auth', 'metrics'] },
);
