import { createServerSeed, hashServerSeed } from '@parlay/fairness';
import type { FastifyBaseLogger } from 'fastify';
import type { HouseConfig, LotteryConfig } from '../config';
import type { CrashClock } from '../crash/crash-shared';
import type { WalletClient } from '../wallet/wallet-client';
import { LotteryLease } from './lottery-lease';
import {
  LOTTERY_GAMES,
  LOTTERY_GAME_CODES,
  gameDrawSlot,
  type DrawResult,
  type LotteryGameCode,
} from './lottery-games';
import { enterVnResultsFromFeed, type VnResultsFeed } from './lottery-vn';
import * as repository from './lottery.repository';
import type { DrawRecord, SlipRecord, SlipStatus } from './lottery.repository';

const DEFAULTS = { tickMs: 1_000, leaseMs: 10_000, drawsAhead: 3, settleBatchSize: 500, creditConcurrency: 16 };
/**
 * Slips credited in one batched credit call (docs/decisions/0071-batched-vendor-credits.md): one signed call and one
 * statement of the platform for this many, where a call each cost the process most of its time. A batch of slips
 * goes out in a few such calls, `creditConcurrency` of them at once.
 */
const CREDITS_PER_CALL = 125;
/** Stuck slips looked at in one pass. */
const RECOVERY_BATCH = 100;

/** What a slip's bets could pay, per exposure key: what it holds of the draw's liability. */
export function slipExposure(slip: Pick<SlipRecord, 'gameCode' | 'bets'>): Map<string, number> {
  const { rules } = LOTTERY_GAMES[slip.gameCode as LotteryGameCode];
  const exposure = new Map<string, number>();
  for (const bet of slip.bets) {
    for (const { key, payoutMinor } of rules.exposure(bet, bet.odds)) {
      exposure.set(key, (exposure.get(key) ?? 0) + payoutMinor);
    }
  }
  return exposure;
}

/** The total a slip's bets pay on a result, each at the odds it was placed at. */
export function slipPayout(slip: Pick<SlipRecord, 'gameCode' | 'bets'>, result: DrawResult): number {
  const { rules } = LOTTERY_GAMES[slip.gameCode as LotteryGameCode];
  return slip.bets.reduce((sum, bet) => sum + rules.settle(bet, result, bet.odds), 0);
}

/** Runs `work` over the items with at most `limit` in flight; answers each item's result in order. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The draw loop, run by the holder of the lease (lottery-lease.ts) on the vendor's clock. Each pass: keeps the next
 * draws of every game scheduled (their seeds made, hashes public), opens and closes draws on their times, draws
 * the ones due (the result from the seed, the seed revealed), settles the drawn ones, and finishes slips a stopped
 * process left (debits without an answer rolled back). A draw is settled in two steps, each in batches: every
 * placed slip's payout written (status payout_due, one statement a batch), then every owed payout credited with
 * the slip's own key and marked settled once the platform acknowledges it. A pass cut short (a stop, a kill, the
 * platform away) leaves each slip in a status the next pass, on this instance or another, takes up: a slip is
 * credited once, whatever runs it again.
 */
export class LotteryDraws {
  private readonly lease: LotteryLease;
  private readonly settings: typeof DEFAULTS;
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The last draw scheduled of each game, so a pass writes only the new ones. */
  private readonly scheduledUntil = new Map<LotteryGameCode, number>();
  /** Where the Vietnamese results are read from, if anywhere: entered as the feed's, confirmed by an operator. */
  private readonly vnFeed: VnResultsFeed | null;

  constructor(
    private readonly config: HouseConfig,
    lottery: LotteryConfig,
    private readonly wallet: WalletClient,
    private readonly clock: CrashClock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.vnFeed = lottery.vnFeed ?? null;
    this.settings = {
      tickMs: lottery.tickMs ?? DEFAULTS.tickMs,
      leaseMs: lottery.leaseMs ?? DEFAULTS.leaseMs,
      drawsAhead: lottery.drawsAhead ?? DEFAULTS.drawsAhead,
      settleBatchSize: lottery.settleBatchSize ?? DEFAULTS.settleBatchSize,
      creditConcurrency: lottery.creditConcurrency ?? DEFAULTS.creditConcurrency,
    };
    this.lease = new LotteryLease(config.database, this.settings.leaseMs);
  }

  private get db() {
    return this.config.database.db;
  }

  get isLeader(): boolean {
    return this.lease.isLeader;
  }

  /** A first pass now, then one every `tickMs` on the clock. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.tick().catch((error: unknown) => this.log.error({ err: error }, 'lottery pass failed'));
    this.timer = this.clock.setInterval(() => {
      this.tick().catch((error: unknown) => this.log.error({ err: error }, 'lottery pass failed'));
    }, this.settings.tickMs);
  }

  /** Stops between two steps of the pass in progress, waits for it, and gives the lease up. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.lease.release();
  }

  /** One pass of the loop, if this instance holds (or takes) the lease; a pass still running is waited for. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    if (this.stopped || !(await this.lease.hold())) return;
    const now = this.clock.now();
    await this.schedule(now);
    await repository.advanceDraws(this.db, now);
    for (const draw of await repository.findDueDraws(this.db, now)) await this.drawNow(draw);
    if (this.vnFeed) await this.readVnFeed(now);
    for (const draw of await repository.findDrawnDraws(this.db)) {
      if (this.stopped) return;
      await this.settleDraw(draw, { leased: true });
    }
    await this.refundVoidedSlips();
    await this.recover();
  }

  /** Enters the results feed's answers for the Vietnamese draws past their time with no entry yet. */
  private async readVnFeed(now: number): Promise<void> {
    try {
      const { refused } = await enterVnResultsFromFeed(this.db, this.vnFeed!, now);
      // A result the feed got wrong (not of its draw's shape): the operators enter that one.
      for (const draw of refused) this.log.warn({ ...draw, feed: this.vnFeed!.name }, 'lottery feed result refused');
    } catch (error) {
      // The feed away is no reason to stop drawing and settling: operators enter the results meanwhile.
      this.log.warn({ err: error }, 'lottery results feed failed; retried on the next pass');
    }
  }

  /**
   * Refunds the slips of void draws: each slip's debit rolled back (its key the slip's id, as a debit without an
   * answer is; the platform applies it once and cancels the round), then marked refunded once acknowledged. Safe
   * twice at once: a rollback repeated is answered as the first, and a slip moves to refunded only from refunding.
   */
  async refundVoidedSlips(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const owed = await repository.findStuckSlips(this.db, 'refunding', 0, this.settings.settleBatchSize);
      if (owed.length === 0) return;
      const acknowledged = await inPool(owed, this.settings.creditConcurrency, (slip) => this.refund(slip));
      await repository.markSlipsRefunded(
        this.db,
        owed.filter((_, index) => acknowledged[index]).map((slip) => slip.slipId),
      );
      // The platform away: left refunding for the next pass.
      if (!acknowledged.every(Boolean)) return;
    }
  }

  private async refund(slip: SlipRecord): Promise<boolean> {
    try {
      await this.wallet.rollback({
        playerId: slip.playerId,
        currency: slip.currency,
        transactionId: slip.slipId,
        roundId: slip.slipId,
        gameCode: slip.gameCode,
      });
      return true;
    } catch (error) {
      this.log.warn({ err: error, slipId: slip.slipId }, 'lottery refund not acknowledged; retried on the next pass');
      return false;
    }
  }

  /**
   * Keeps the next `drawsAhead` draws of every game scheduled: a fast or keno draw with a fresh seed whose hash is
   * public, a Vietnamese draw (on its company's schedule) without one.
   */
  private async schedule(now: number): Promise<void> {
    for (const gameCode of LOTTERY_GAME_CODES) {
      const game = LOTTERY_GAMES[gameCode];
      for (let offset = 0; offset < this.settings.drawsAhead; offset += 1) {
        const slot = gameDrawSlot(game, now, offset);
        if (slot.drawsAt <= (this.scheduledUntil.get(gameCode) ?? 0)) continue;
        const seed = game.rules.draw ? createServerSeed() : null;
        await repository.insertDraw(this.db, { gameCode, ...slot, seed, seedHash: seed && hashServerSeed(seed) });
        this.scheduledUntil.set(gameCode, slot.drawsAt);
      }
    }
  }

  /** The draw's numbers from its seed and identity (draw.ts), written once; the seed is public from now on. */
  private async drawNow(draw: DrawRecord): Promise<void> {
    const { draw: drawFromSeed } = LOTTERY_GAMES[draw.gameCode as LotteryGameCode].rules;
    if (!drawFromSeed || draw.seed === null) return;
    await repository.markDrawn(this.db, draw.id, drawFromSeed(draw.seed, draw.gameCode, draw.drawNo), this.clock.now());
  }

  /**
   * Settles every slip of a drawn draw: payouts written batch by batch, then credited. Safe to run twice at once
   * (two passes, two instances): a payout is written only over a placed slip, a credit repeats the same
   * transaction (the platform applies it once), and a slip is marked settled only from payout_due. `leased`: the
   * loop's pass renews its lease between batches (a draw of many slips outlasts it) and stops if it lost it.
   */
  async settleDraw(draw: DrawRecord, options: { leased?: boolean } = {}): Promise<void> {
    if (draw.result === null) return;
    const result = draw.result;
    const goOn = async () => !this.stopped && (!options.leased || (await this.lease.hold()));
    for (;;) {
      if (!(await goOn())) return;
      const placed = await repository.findDrawSlips(this.db, draw.id, 'placed', this.settings.settleBatchSize);
      if (placed.length === 0) break;
      const payouts = placed.map((slip) => ({ slipId: slip.slipId, payoutMinor: slipPayout(slip, result) }));
      // Under the draw's row, held for share: a void (which takes it for update) either comes first and leaves no
      // placed slip, or waits and then finds this batch's payouts written and refuses.
      const written = await this.db.transaction(async (tx) => {
        const locked = await repository.lockDrawForSlip(tx, draw.id);
        if (locked?.status !== 'drawn') return false;
        await repository.writePayouts(tx, payouts);
        return true;
      });
      if (!written) return;
    }
    let afterId = 0;
    for (;;) {
      if (!(await goOn())) return;
      const owed = await repository.findDrawSlips(
        this.db,
        draw.id,
        'payout_due',
        this.settings.settleBatchSize,
        afterId,
      );
      if (owed.length === 0) break;
      afterId = owed[owed.length - 1]!.id;
      const calls = Array.from({ length: Math.ceil(owed.length / CREDITS_PER_CALL) }, (_, index) =>
        owed.slice(index * CREDITS_PER_CALL, (index + 1) * CREDITS_PER_CALL),
      );
      const acknowledged = (
        await inPool(calls, this.settings.creditConcurrency, (slips) => this.credit(draw, slips))
      ).flat();
      await repository.markSlipsSettled(
        this.db,
        owed.filter((_, index) => acknowledged[index]).map((slip) => slip.slipId),
      );
    }
    await repository.markSettled(this.db, draw.id, this.clock.now());
  }

  /**
   * Credits the slips' payouts (0 for a loss: the platform's betting record ends) in one batched call, each with the
   * slip's own key; answers, per slip, whether the platform acknowledged it (applied now or before).
   */
  private async credit(draw: DrawRecord, slips: readonly SlipRecord[]): Promise<boolean[]> {
    try {
      const answers = await this.wallet.creditBatch(
        slips.map((slip) => ({
          playerId: slip.playerId,
          currency: slip.currency,
          transactionId: `lottery-slip:${slip.slipId}`,
          roundId: slip.slipId,
          gameCode: slip.gameCode,
          amountMinor: slip.payoutMinor ?? 0,
          roundEnded: true,
          // The same every time it is sent: a repeat is the same request, answered as the first.
          detail: {
            game: slip.gameCode,
            drawNo: draw.drawNo,
            prizeMode: slip.prizeMode,
            bets: slip.bets.map(({ betType, selection, stakeMinor }) => ({ betType, selection, stakeMinor })),
            result: draw.result,
            // The Vietnamese draws have none: their result is the company's.
            ...(draw.seedHash === null ? {} : { seedHash: draw.seedHash }),
          },
        })),
      );
      return slips.map((slip, index) => {
        const answer = answers[index];
        if (answer && answer.outcome !== 'refused') return true;
        // Owed still (payout_due): the next pass credits it again with the same key.
        this.log.warn({ slipId: slip.slipId, code: answer?.code }, 'lottery credit refused; retried on the next pass');
        return false;
      });
    } catch (error) {
      // Owed still (payout_due): the next pass credits them again with the same keys.
      this.log.warn({ err: error, slips: slips.length }, 'lottery credits not acknowledged; retried on the next pass');
      return slips.map(() => false);
    }
  }

  /** Rolls back debits left without an answer (a stopped process, the platform away) and cancels their slips. */
  private async recover(): Promise<void> {
    const inFlightMs = this.config.walletTimeoutMs * 2;
    for (const slip of await repository.findStuckSlips(this.db, 'debiting', inFlightMs, RECOVERY_BATCH)) {
      if (this.stopped) return;
      const moved = await repository.moveSlip(this.db, slip.slipId, ['debiting'], 'cancelling', 'debit unanswered');
      if (moved) await this.rollBack(moved);
    }
    for (const slip of await repository.findStuckSlips(this.db, 'cancelling', 0, RECOVERY_BATCH)) {
      if (this.stopped) return;
      await this.rollBack(slip);
    }
  }

  /** Rolls a slip's debit back and cancels it; false while the platform has not acknowledged the rollback. */
  async rollBack(slip: SlipRecord): Promise<boolean> {
    try {
      await this.wallet.rollback({
        playerId: slip.playerId,
        currency: slip.currency,
        transactionId: slip.slipId,
        roundId: slip.slipId,
        gameCode: slip.gameCode,
      });
    } catch {
      return false;
    }
    await this.cancelSlip(slip, ['cancelling'], undefined);
    return true;
  }

  /** Cancels a slip and gives its exposure back, in one transaction, if it still is in one of `from`. */
  async cancelSlip(slip: SlipRecord, from: readonly SlipStatus[], failure: string | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      const moved = await repository.moveSlip(tx, slip.slipId, from, 'cancelled', failure);
      if (moved) {
        await repository.releaseExposure(
          tx,
          { drawId: slip.drawId, brand: slip.brand, currency: slip.currency },
          slipExposure(slip),
        );
      }
    });
  }
}
