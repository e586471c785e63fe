import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bettingRoutes } from '../betting/betting.routes';
import { BettingService } from '../betting/betting.service';
import { vendorWalletRoutes } from '../vendor/vendor.routes';
import { VendorService } from '../vendor/vendor.service';
import { walletRoutes } from '../wallet/wallet.routes';
import { WalletService } from '../wallet/wallet.service';
import { gamesRoutes } from './games.routes';
import { seedDemoGaming } from './games.seed';
import { GamesService } from './games.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue, ledger, rounds and the vendor adapter: one instance of each service per app. */
    gaming: { wallet: WalletService; betting: BettingService; vendors: VendorService; games: GamesService };
  }
}

/**
 * Games and wallet (issue 4): builds the services once, registers the player calls, the member wallet
 * calls, the betting records and the seamless wallet vendors call.
 */
export const gamingPlugin = fp(
  async (app: FastifyInstance, options: { seedDemo: boolean; demoMerchantCode: string }) => {
    const wallet = new WalletService(app.db);
    const betting = new BettingService(app.db);
    const vendors = new VendorService(app.db, wallet, betting);
    const games = new GamesService(app.db, vendors);
    app.decorate('gaming', { wallet, betting, vendors, games });

    if (options.seedDemo) await seedDemoGaming(games, wallet, app.merchants, options.demoMerchantCode);

    await app.register(gamesRoutes(games, betting));
    await app.register(walletRoutes(wallet, betting));
    await app.register(bettingRoutes(betting));
    await app.register(vendorWalletRoutes(vendors));
  },
  { name: 'gaming', dependencies: ['db', 'merchant-context', 'auth'] },
);
