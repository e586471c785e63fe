import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { CatalogueFeed } from '@parlay/contract';
import { buildHouseApp, type HouseApp } from './app';
import { houseCatalogueFeed } from './catalogue';
import { defaultHouseConfig } from './config';
import type { HouseDatabase } from './db/database';
import { migrateHouse } from './db/migrate';
import { WEB_DIST_DIR, crashTimingOf, loadHouseEnv } from './env';
import { logDestination } from './logging';
import { LOTTERY_PATH, lotteryCatalogueFeed } from './lottery/lottery-catalogue';
import { sandboxVnResultsFeed } from './lottery/lottery-vn';

export interface EmbeddedHouseOptions {
  /** The platform's database handle: the vendor keeps to its own schema in it. */
  database: HouseDatabase;
  /** The platform's own port in this process: the vendor calls its seamless wallet over HTTP there. */
  platformPort: number;
  /** The address the platform listens on (its HOST): the vendor listens there too, unless HOUSE_HOST says. */
  platformHost: string;
  /** Writes the vendor's catalogue feed with the wallet secret both sides will use. */
  registerFeed(feed: CatalogueFeed, walletSecret: string): Promise<unknown>;
  env?: Record<string, string | undefined>;
}

export interface EmbeddedHouse extends HouseApp {
  /**
   * The lottery vendor when it runs (HOUSE_LOTTERY_ENABLED): its code and the base of its public API on this machine,
   * where the platform reads its results over HTTP as it would a lottery deployed elsewhere (decision 0070).
   */
  lotteryVendor: { vendorCode: string; apiUrl: string } | null;
}

/**
 * The embedded default: the house games vendor in the platform's process, on its own port, reaching the
 * platform only through signed HTTP calls, exactly as a vendor deployed elsewhere would.
 */
export async function startEmbeddedHouse(options: EmbeddedHouseOptions): Promise<EmbeddedHouse | null> {
  const env = loadHouseEnv(options.env);
  if (env.HOUSE_ENABLED === 'false') return null;
  const port = env.HOUSE_PORT ?? options.platformPort + 1;
  const publicUrl = (env.HOUSE_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  // The platform's own pages frame the games, reached on this machine as the vendor is; an operator names
  // the brands' sites instead.
  const frameAncestors = env.HOUSE_FRAME_ANCESTORS ?? [
    `http://localhost:${options.platformPort}`,
    `http://127.0.0.1:${options.platformPort}`,
  ];
  // A fresh secret each start: both ends live in this process and the feed replaces the stored one.
  const walletSecret = env.HOUSE_VENDOR_SECRET ?? randomBytes(32).toString('hex');
  await migrateHouse(options.database);
  const config = defaultHouseConfig({
    database: options.database,
    publicUrl,
    frameAncestors,
    walletBaseUrl: `http://127.0.0.1:${options.platformPort}`,
    vendorCode: env.HOUSE_VENDOR_CODE,
    vendorSecret: walletSecret,
    webDistDir: WEB_DIST_DIR,
    logLevel: env.LOG_LEVEL,
  });
  config.crash = crashTimingOf(env, config.crash);
  await options.registerFeed(houseCatalogueFeed(config, config.vendorCode), walletSecret);
  if (env.HOUSE_LOTTERY_ENABLED === 'true') {
    // The lottery is a vendor of its own to the platform: its feed, with a wallet secret of its own.
    const lotterySecret = env.HOUSE_LOTTERY_VENDOR_SECRET ?? randomBytes(32).toString('hex');
    config.lottery = {
      vendorCode: env.HOUSE_LOTTERY_VENDOR_CODE,
      vendorSecret: lotterySecret,
      ...(env.HOUSE_LOTTERY_VN_FEED === 'sandbox' ? { vnFeed: sandboxVnResultsFeed } : {}),
    };
    await options.registerFeed(lotteryCatalogueFeed(config, config.lottery.vendorCode), lotterySecret);
  }
  // The platform's log settings: the same LOG_LEVEL, and readable lines when its output is a terminal.
  const house = await buildHouseApp(config, { logStream: await logDestination(process.stdout) });
  await house.app.listen({ port, host: env.HOUSE_HOST ?? options.platformHost });
  house.app.log.info({ frameAncestors }, 'the game pages may be framed by these origins (HOUSE_FRAME_ANCESTORS)');
  await house.start();
  const lotteryVendor = config.lottery
    ? {
        vendorCode: config.lottery.vendorCode,
        // The platform reaches the vendor on this machine, as the vendor reaches its wallet.
        apiUrl: `http://127.0.0.1:${(house.app.server.address() as AddressInfo).port}${config.basePath}${LOTTERY_PATH}/api`,
      }
    : null;
  return Object.assign(house, { lotteryVendor });
}
