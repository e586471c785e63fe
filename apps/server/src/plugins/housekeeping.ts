import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { startAgentSettlement } from '../jobs/agent-settlement';
import { startBonusExpiry } from '../jobs/bonuses';
import { startCashierReconciliation } from '../jobs/cashier-reconciliation';
import { startCatalogueSync } from '../jobs/catalogue-sync';
import { startFigureSlotsRetention } from '../jobs/figure-slots-retention';
import { startGuestCleanup } from '../jobs/guest-cleanup';
import { startLeaderboardPayout } from '../jobs/leaderboards';
import { startKeyCleanup } from '../jobs/key-cleanup';
import type { IntervalJob } from '../jobs/interval-job';
import { startProtectionChanges } from '../jobs/protection-changes';
import { startRaffleDraw } from '../jobs/raffles';
import { startRebateAutoPay } from '../jobs/rebates';
import { POINTS_FEED_EVERY_MS, startFeedGroup, startReportSignups, startSettlementFeed } from '../jobs/settlement-feed';
import { startSignInRetention } from '../jobs/sign-in-retention';
import { startVipPeriodic } from '../jobs/vip';
import { startWithdrawalAutoReceipt } from '../jobs/withdrawal-auto-receipt';
import { startWithdrawalPayoutReconciliation } from '../jobs/withdrawal-payout-reconciliation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Timed clean-up jobs, started when the app is ready and stopped when it closes. */
    housekeeping: {
      guestCleanup: IntervalJob | null;
      keyCleanup: IntervalJob | null;
      protectionChanges: IntervalJob | null;
      catalogueSync: IntervalJob | null;
      /**
       * The feed's consumers on its 2 s rhythm as one group (decision 0060): reports, VIP (decision 0046), rebates
       * (0051), bonuses' wagering (0050), missions (0054), referral rewards (0057), leaderboards' scores (0056),
       * members' figures by day and hour (0061).
       */
      settlementFeed: IntervalJob | null;
      /** The feed's points consumer, every second (decision 0044). */
      pointsFeed: IntervalJob | null;
      reportSignups: IntervalJob | null;
      /** The bonuses' expiry (decision 0050). */
      bonusExpiry: IntervalJob | null;
      signInRetention: IntervalJob | null;
      /** The members' 5-minute slots past their retention (hourly). */
      figureSlotsRetention: IntervalJob | null;
      /** Paid withdrawals not confirmed in the brand's minutes: auto_received (every minute). */
      withdrawalAutoReceipt: IntervalJob | null;
      /** Withdrawals left paying, asked about at their provider (every minute). */
      withdrawalPayoutReconciliation: IntervalJob | null;
      cashierReconciliation: IntervalJob | null;
      /** VIP's downgrade review and bonuses (decision 0046). */
      vipPeriodic: IntervalJob | null;
      /** The brands' auto-pay of finished cashback periods (decision 0051). */
      rebateAutoPay: IntervalJob | null;
      /** The payout of leaderboards' finished periods (decision 0056). */
      leaderboardPayout: IntervalJob | null;
      /** Raffles past their draw time drawn, each once (decision 0055). */
      raffleDraw: IntervalJob | null;
      /** The agents' contract settlement: ended periods settled, open lines paid (decision 0068). */
      agentSettlement: IntervalJob | null;
    };
  }
}

/**
 * Timed jobs of the platform (apps/server/src/jobs): expired free-play guests, encryption keys past grace,
 * the catalogue sync of vendors that publish their feed, sign-ins past their retention with ended sign-in
 * throttles, the members' 5-minute slots past theirs, open deposit orders (reconciled with their provider, expired), withdrawals left paying (asked about at
 * their provider), and the settlement feed's consumers with the
 * reports' sign-up counts (both run once at start too: a restarted server catches up at once).
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance, options: { guestCleanupEveryMs?: number } = {}) => {
    const jobs: FastifyInstance['housekeeping'] = {
      guestCleanup: null,
      keyCleanup: null,
      protectionChanges: null,
      catalogueSync: null,
      settlementFeed: null,
      pointsFeed: null,
      reportSignups: null,
      bonusExpiry: null,
      signInRetention: null,
      figureSlotsRetention: null,
      withdrawalAutoReceipt: null,
      withdrawalPayoutReconciliation: null,
      cashierReconciliation: null,
      vipPeriodic: null,
      rebateAutoPay: null,
      leaderboardPayout: null,
      raffleDraw: null,
      agentSettlement: null,
    };
    app.decorate('housekeeping', jobs);
    // How far the reports and the points are behind the settled rounds: an operator alerts when it grows
    // (decisions 0034, 0044).
    const consumers = [
      app.reports.feedConsumer.name,
      app.points.feedConsumer.name,
      app.vip.ranks.feedConsumer.name,
      app.rebates.feedConsumer.name,
      app.bonuses.feedConsumer.name,
      app.missions.feedConsumer.name,
      app.referralRewards.feedConsumer.name,
      app.leaderboards.feedConsumer.name,
      app.memberFigures.feedConsumer.name,
    ];
    new Gauge({
      name: 'parlay_settlement_feed_behind',
      help: "Rows of the settlement feed after a consumer's checkpoint, not yet in its figures",
      labelNames: ['consumer'] as const,
      registers: [app.metrics],
      async collect() {
        try {
          for (const consumer of consumers) {
            this.set({ consumer }, (await app.settlementFeed.describe(consumer)).behind);
          }
        } catch (error) {
          app.log.warn({ err: error }, 'the settlement feed could not be read for /metrics');
        }
      },
    });
    // Raffles past their draw time and not drawn yet: above 0 for long, the draw job is failing (decision 0055).
    new Gauge({
      name: 'parlay_raffles_due',
      help: 'Open raffles past their draw time, waiting for the draw job',
      registers: [app.metrics],
      async collect() {
        try {
          this.set(await app.raffles.countDue());
        } catch (error) {
          app.log.warn({ err: error }, 'the raffles due could not be read for /metrics');
        }
      },
    });
    // Leaderboards' finished periods past their grace not paid yet (decision 0056): stuck above 0, a payout fails.
    new Gauge({
      name: 'parlay_leaderboard_periods_waiting',
      help: "Leaderboards' finished periods past their grace whose prizes are not paid yet",
      registers: [app.metrics],
      async collect() {
        try {
          this.set(await app.leaderboards.periodsWaiting());
        } catch (error) {
          app.log.warn({ err: error }, 'the leaderboards could not be read for /metrics');
        }
      },
    });
    app.addHook('onReady', async () => {
      jobs.guestCleanup = startGuestCleanup(app.accounts.guests, app.log, options.guestCleanupEveryMs);
      jobs.keyCleanup = startKeyCleanup(app.encryptionKeys, app.log);
      jobs.protectionChanges = startProtectionChanges(app.protection, app.log);
      jobs.catalogueSync = startCatalogueSync(app.gaming.catalogueSync, app.log);
      jobs.settlementFeed = startFeedGroup(
        app.settlementFeed,
        [
          app.reports,
          app.vip.ranks,
          app.rebates,
          app.bonuses,
          app.missions,
          app.referralRewards,
          app.leaderboards,
          app.memberFigures,
        ],
        app.log,
      );
      jobs.pointsFeed = startSettlementFeed(app.points, app.log, POINTS_FEED_EVERY_MS, 'points-feed');
      jobs.reportSignups = startReportSignups(app.reports, app.log);
      jobs.signInRetention = startSignInRetention(
        { sessions: app.sessions, memberThrottle: app.accounts.auth, operatorThrottle: app.backoffice.signIn },
        app.log,
      );
      jobs.figureSlotsRetention = startFigureSlotsRetention(app.memberFigures, app.log);
      jobs.cashierReconciliation = startCashierReconciliation(app.cashier.deposits, app.log);
      jobs.withdrawalAutoReceipt = startWithdrawalAutoReceipt(app.withdrawals.requests, app.log);
      jobs.withdrawalPayoutReconciliation = startWithdrawalPayoutReconciliation(app.withdrawals.review, app.log);
      void jobs.settlementFeed.runNow();
      void jobs.pointsFeed.runNow();
      void jobs.reportSignups.runNow();
      jobs.bonusExpiry = startBonusExpiry(app.bonuses, app.log);
      void jobs.bonusExpiry.runNow();
      jobs.vipPeriodic = startVipPeriodic(app.vip.ranks, app.log);
      void jobs.vipPeriodic.runNow();
      jobs.rebateAutoPay = startRebateAutoPay(app.rebates, app.log);
      void jobs.rebateAutoPay.runNow();
      jobs.leaderboardPayout = startLeaderboardPayout(app.leaderboards, app.log);
      void jobs.leaderboardPayout.runNow();
      jobs.raffleDraw = startRaffleDraw(app.raffles, app.log);
      void jobs.raffleDraw.runNow();
      jobs.agentSettlement = startAgentSettlement(app.agentSettlements, app.log);
      void jobs.agentSettlement.runNow();
    });
    app.addHook('onClose', async () => {
      await jobs.guestCleanup?.stop();
      await jobs.keyCleanup?.stop();
      await jobs.protectionChanges?.stop();
      await jobs.catalogueSync?.stop();
      await jobs.settlementFeed?.stop();
      await jobs.pointsFeed?.stop();
      await jobs.reportSignups?.stop();
      await jobs.bonusExpiry?.stop();
      await jobs.signInRetention?.stop();
      await jobs.figureSlotsRetention?.stop();
      await jobs.withdrawalAutoReceipt?.stop();
      await jobs.withdrawalPayoutReconciliation?.stop();
      await jobs.cashierReconciliation?.stop();
      await jobs.vipPeriodic?.stop();
      await jobs.rebateAutoPay?.stop();
      await jobs.leaderboardPayout?.stop();
      await jobs.raffleDraw?.stop();
      await jobs.agentSettlement?.stop();
    });
  },
  { name: 'housekeeping', dependencies: ['services', 'metrics'] },
);
