import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { startEmbeddedHouse } from '@parlay/house-games/embedded';
import { startEmbeddedPaymentSandbox } from '@parlay/payment-sandbox/embedded';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase, reportIdleClientErrorToStderr } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { DEMO_MERCHANT_CODE, seedDemo } from './db/seed';
import { seedMultiWalletDemo } from './db/seed-multi-wallet';
import { seedDemoBonuses } from './db/seed-bonuses';
import { seedDemoPromotionHub } from './db/seed-promotions';
import { seedDemoHistory } from './db/seed-history';
import { seedDemoMemberHistory } from './db/seed-member-history';
import { seedDemoOpenRounds } from './db/seed-open-rounds';
import { seedDemoPoints } from './db/seed-points';
import { seedDemoRebates } from './db/seed-rebates';
import { seedDemoMissions } from './db/seed-missions';
import { payDemoLeaderboards, seedDemoLeaderboards } from './db/seed-leaderboards';
import { seedDemoRaffles } from './db/seed-raffles';
import { seedDemoReferrals } from './db/seed-referrals';
import { seedDemoDownline } from './db/seed-agents';
import { seedDemoContracts } from './db/seed-agent-contracts';
import { seedDemoReferralRewards } from './db/seed-referral-rewards';
import { seedDemoWithdrawals } from './db/seed-withdrawals';
import { seedDemoPointMall } from './db/seed-point-mall';
import { seedDemoVip } from './db/seed-vip';
import { seedDemoSupport } from './db/seed-support';
import { setPasswordHashCost } from './lib/crypto/password';
import { browserAddress, logDestination, upLine } from './lib/logging';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig({
    WEB_DIST_DIR: path.resolve(here, '../../web/dist'),
    BACKOFFICE_DIST_DIR: path.resolve(here, '../../backoffice/dist'),
    ...process.env,
  });
  // Until the app (and its logger) exists, the pool's own report goes to stderr.
  const idleClientErrors: { report?: (error: Error) => void } = {};
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          onIdleClientError: (error) => (idleClientErrors.report ?? reportIdleClientErrorToStderr)(error),
        }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await migrate(database);
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  if (config.SEED_DEMO) {
    await seedDemo(database.db, { port: config.PORT });
    // A second demo brand, at multi.localhost, with vendor wallets (decision 0036).
    await seedMultiWalletDemo(database.db);
  }

  const app = await buildApp({ config, database, logStream: await logDestination(process.stdout) });
  // The code and message only: pg hangs the whole connection object on the error.
  idleClientErrors.report = (error) =>
    app.log.warn(
      { code: (error as { code?: unknown }).code, error: error.message },
      'PostgreSQL closed an idle pooled connection; the next query opens a new one',
    );
  let closing = false;
  let closeHouse: (() => Promise<void>) | undefined;
  let closePaymentSandbox: (() => Promise<void>) | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await closeHouse?.();
      await closePaymentSandbox?.();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The house games vendor in this process, on its own port, reaching the platform over HTTP only.
  const house = await startEmbeddedHouse({
    database,
    platformPort: (app.server.address() as AddressInfo).port,
    platformHost: config.HOST,
    // Checked against the contract like any vendor's feed (its addresses: decision 0028).
    registerFeed: (feed, walletSecret) => app.gaming.catalogueSync.importFeed(feed, { walletSecret }),
  });
  if (house) closeHouse = () => house.app.close();
  // The lottery calls read the embedded lottery's results, unless LOTTERY_VENDOR_API_URL names another lottery.
  if (house?.lotteryVendor && !config.LOTTERY_VENDOR_API_URL) app.gaming.lottery.useVendor(house.lotteryVendor);
  // The sandbox payment provider in this process, on its own port (SANDBOX_PAY_PORT, default PORT + 2): the demo's and
  // the journeys' deposits and payouts go through it as through a provider elsewhere, over signed HTTP only, with a
  // fresh secret each start that the registration replaces (decision 0040).
  const paymentSandbox = await startEmbeddedPaymentSandbox({
    platformPort: (app.server.address() as AddressInfo).port,
    platformHost: config.HOST,
    registerProvider: (registration) => app.cashier.registerProvider(registration),
    logStream: await logDestination(process.stdout),
  });
  if (paymentSandbox) {
    closePaymentSandbox = () => paymentSandbox.app.close();
    const { address, port } = paymentSandbox.app.server.address() as AddressInfo;
    app.log.info(
      `the sandbox payment provider is on ${browserAddress(address, port)} (SANDBOX_PAY_ENABLED=false turns it off)`,
    );
  }
  // The demo brand's last 30 days of play, once, for the back office's dashboard; after the house games have
  // listed their games, which the demo rounds are played in too.
  if (config.SEED_DEMO) {
    // Its VIP levels and the demo member at Gold, before the rounds: the feed's `vip` consumer raises the demo
    // players their rounds take to a level (decision 0046).
    await seedDemoVip(database.db, DEMO_MERCHANT_CODE);
    // Its point rates and the demo member's welcome points, before the rounds the `points` consumer accrues.
    await seedDemoPoints(database.db, DEMO_MERCHANT_CODE);
    // Its weekly cashback, before the rounds the `rebates` consumer accrues (decision 0051).
    await seedDemoRebates(database.db, DEMO_MERCHANT_CODE);
    // Its missions, before the rounds the `missions` consumer counts (decision 0054).
    await seedDemoMissions(database.db, DEMO_MERCHANT_CODE);
    // Its leaderboards, before the rounds the `leaderboards` consumer scores (decision 0056).
    await seedDemoLeaderboards(database.db, DEMO_MERCHANT_CODE);
    const rounds = await seedDemoHistory(database.db, DEMO_MERCHANT_CODE);
    // And two rounds their vendor left open days ago, for the back office's Open rounds page.
    const openRounds = await seedDemoOpenRounds(database.db, DEMO_MERCHANT_CODE);
    // And three of its demo players registered through the demo member's invite link (member centre, `referral`).
    await seedDemoReferrals(database.db, DEMO_MERCHANT_CODE);
    // And the demo agent's downline three levels deep, for the back office's tree (decision 0059).
    // Its players keep their history: their new uplines' team days are rebuilt from it (decision 0069).
    await app.downline.rebuildUplineTeams(await seedDemoDownline(database.db, DEMO_MERCHANT_CODE));
    // And its contracts: the brand's of each kind, two passed on, one offer waiting (decision 0066).
    await seedDemoContracts(database.db, DEMO_MERCHANT_CODE);
    // And its referral rewards on, one invited player paid and one held in the abuse queue (decision 0057).
    await seedDemoReferralRewards(
      database.db,
      { referralRewards: app.referralRewards, settlementFeed: app.settlementFeed, wallet: app.gaming.wallet },
      DEMO_MERCHANT_CODE,
    );
    // And the demo member's own past, for its account record, betting records and profit pages.
    await seedDemoMemberHistory(database.db, DEMO_MERCHANT_CODE);
    // And its bank account, a withdrawal paid and confirmed, and one waiting in finance's review queue.
    await seedDemoWithdrawals(database.db, DEMO_MERCHANT_CODE);
    // And its points mall: products with pictures, one out of stock, and two past exchanges (decision 0045).
    await seedDemoPointMall(database.db, DEMO_MERCHANT_CODE);
    // And its first-deposit and sign-up bonuses, with the demo member's sign-up bonus part-wagered (decision 0050),
    // and its application promotion SHAREWIN (decision 0052).
    await seedDemoBonuses(database.db, DEMO_MERCHANT_CODE);
    // And its raffles after the rounds and deposits their tickets count: one on sale that the demo member joined, one
    // sold in the past, drawn here by the real draw (decision 0055).
    await seedDemoRaffles(database.db, DEMO_MERCHANT_CODE);
    await app.raffles.drawDue();
    // And its weekly cashback and missions as promotions, so /promotions lists them in their categories (decision 0058).
    await seedDemoPromotionHub(database.db, DEMO_MERCHANT_CODE);
    // And its support chat: a visitor's question waiting and the demo member's answered conversation (issue 39).
    await seedDemoSupport(database.db, DEMO_MERCHANT_CODE);
    if (rounds > 0 || openRounds > 0) {
      // Its demo players registered over those days: count every day's sign-ups again.
      await app.reports.refreshSignups('all');
      if (rounds > 0) app.log.info({ rounds }, 'the demo brand has 30 days of demo rounds');
    }
    // Its leaderboards' last week scored from those rounds and paid by the payout itself (decision 0056): once, as
    // the payout pays a period once.
    await payDemoLeaderboards(app.leaderboards, app.settlementFeed);
  }
  const addressOf = (server: typeof app.server) => {
    const { address, port } = server.address() as AddressInfo;
    return browserAddress(address, port);
  };
  app.log.info(upLine(addressOf(app.server), house ? addressOf(house.app.server) : null));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
