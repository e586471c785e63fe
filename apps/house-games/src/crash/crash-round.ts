import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { crashPointHundredths } from '@parlay/fairness';
import type { FastifyBaseLogger } from 'fastify';
import type { HouseConfig } from '../config';
import { HouseError, refusalCode } from '../errors';
import { crashMultiplierAt, crashTimeFor } from '../games/rules';
import type { HouseSession, PlayersService } from '../players/players.service';
import { verifierUrl } from '../verifier';
import { WalletRefusedError, type WalletClient } from '../wallet/wallet-client';
import * as repository from './crash.repository';
import type { BetRecord, ChainRecord } from './crash.repository';
import {
  GAME_CODE,
  betKey,
  maskPlayer,
  type BetAnswer,
  type BetInput,
  type BetSlot,
  type CashOutAnswer,
  realClock,
  type CrashBetView,
  type CrashClock,
  type CrashDecider,
  type CrashGameView,
  type CrashPhase,
  type CrashSettlement,
} from './crash-shared';

interface LiveBet {
  /** The bet's row: the public name of the bet in the feed, telling apart two bets of one mask. */
  id: number;
  roundId: string;
  playerRef: number;
  slot: BetSlot;
  playerId: string;
  currency: string;
  brand: string;
  stakeMinor: number;
  /** The brand's maximum win, known before the game flies so that a cash-out is decided without waiting. */
  maxWinMinor: number;
  autoCashoutX100: number | null;
  cashoutX100: number | null;
  /** Decided with the cash-out. */
  winMinor: number | null;
  isPlaced: boolean;
}

interface LiveGame {
  id: number;
  index: number;
  hash: string;
  pointX100: number;
  phase: CrashPhase;
  bettingEndsAt: number;
  startedAt: number;
  crashAt: number;
  crashedAt: number;
  /** By player and slot (betKey): a player has up to two bets in a game. */
  bets: Map<string, LiveBet>;
  /** Debits, cash-out credits and loss credits still on their way to the platform. */
  pending: Set<Promise<unknown>>;
}

/** What the round loop tells the rest of the service. */
export interface CrashRoundHooks {
  /** Every message of the game, for this instance's sockets and the followers'. */
  publish(message: Record<string, unknown>): void;
  /** Every bet of a game written settled (or cancelled). */
  settled(settlement: CrashSettlement): void;
  /** A game opens: housekeeping that must not hold it up. */
  opening(): void;
}

const MAX_CASHOUT_X100 = 100_000_000;

/** SHA-256 of the hex text, as the fairness package's chain, on node:crypto for a fast start. */
function nextHash(hash: string): string {
  return createHash('sha256').update(hash).digest('hex');
}

/**
 * The leader's round loop, a state machine on timers: betting, running, crashed, settled, and betting
 * again after a pause. The server's clock decides every cash-out, manual or automatic; the crash point
 * comes from the published hash chain and is shown with the game hash when the round ends.
 */
export class CrashRound implements CrashDecider {
  private chain: { record: ChainRecord; hashes: string[] } | null = null;
  private nextIndex = 0;
  private game: LiveGame | null = null;
  private timers = new Set<unknown>();
  private tickTimer: unknown = null;
  private running = false;

  constructor(
    private readonly config: HouseConfig,
    private readonly wallet: WalletClient,
    private readonly players: PlayersService,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: CrashRoundHooks,
  ) {}

  private get db() {
    return this.config.database.db;
  }

  private get clock(): CrashClock {
    return this.config.crash.clock ?? realClock;
  }

  /** The chain this loop plays, once loaded. */
  get chainRecord(): ChainRecord | undefined {
    return this.chain?.record;
  }

  /** On taking the lease: what a stopped leader left in play is cancelled first, then the first game opens. */
  async lead(): Promise<void> {
    this.game = null;
    await this.recover();
    await this.loadChain();
    this.running = true;
    await this.beginBetting();
  }

  /** Stops the loop where it stands; the next leader cancels the round in play. */
  halt(): void {
    this.running = false;
    for (const timer of this.timers) this.clock.clearTimeout(timer);
    this.timers.clear();
    if (this.tickTimer) this.clock.clearInterval(this.tickTimer);
    this.tickTimer = null;
  }

  /** After the lease is lost: the game in play is the new leader's to cancel, no longer this instance's to show. */
  forgetGame(): void {
    this.game = null;
  }

  /** The game in play as a snapshot shows it, or null when this instance runs none. */
  view(): CrashGameView | null {
    const game = this.game;
    if (!game) return null;
    return {
      gameId: game.id,
      phase: game.phase,
      bettingEndsAt: game.bettingEndsAt,
      startedAt: game.phase === 'running' ? game.startedAt : null,
      // A page opened after the crash shows its point; both are public from the crash on, never before.
      crashPoint: game.phase === 'crashed' ? game.pointX100 / 100 : null,
      gameHash: game.phase === 'crashed' ? game.hash : null,
      bets: [...game.bets.values()].filter((bet) => bet.isPlaced).map((bet) => this.betView(bet)),
    };
  }

  /** A bet into the game taking bets, or else queued for the next. */
  async placeBet(session: HouseSession, input: BetInput): Promise<BetAnswer> {
    const limits = await this.players.getLimits(session.brand, session.currency, GAME_CODE);
    if (
      !Number.isSafeInteger(input.amountMinor) ||
      input.amountMinor < limits.minBetMinor ||
      input.amountMinor > limits.maxBetMinor
    ) {
      throw new HouseError('HOUSE_BET_OUT_OF_LIMITS', {
        minBetMinor: limits.minBetMinor,
        maxBetMinor: limits.maxBetMinor,
      });
    }
    const autoX100 = input.autoCashout === null ? null : Math.round(input.autoCashout * 100);
    if (autoX100 !== null && (autoX100 < 101 || autoX100 > MAX_CASHOUT_X100))
      throw new HouseError('HOUSE_BAD_REQUEST', { field: 'autoCashout' });
    if (!this.isTakingBets()) {
      // A bet for the next game is only debited when that game opens: a stake above the balance would be
      // answered "queued" now and refused later, unseen. The balance now gives the player the clear answer
      // (the debit stays the final word). Asked before the game is read, which may have changed meanwhile.
      const balanceMinor = await this.players.getBalance(session);
      if (balanceMinor < input.amountMinor) throw new HouseError('HOUSE_INSUFFICIENT_FUNDS', { balanceMinor });
    }
    const game = this.game;
    const joinsNow = game !== null && this.isTakingBets();
    // One bet a slot in a game, and one a slot queued for the next (the unique indexes of migration 0009
    // are the final word on both).
    if (game?.bets.has(betKey(session.playerRef, input.slot)) && joinsNow)
      throw new HouseError('HOUSE_CRASH_ALREADY_BET');
    const queued = await repository.findBetsInStates(this.db, ['queued']);
    if (queued.some((bet) => bet.playerRef === session.playerRef && bet.slot === input.slot))
      throw new HouseError('HOUSE_CRASH_ALREADY_BET');
    const bet = await repository.insertBet(this.db, {
      roundId: `hc-${randomUUID()}`,
      gameId: joinsNow ? game.id : null,
      playerRef: session.playerRef,
      playerId: session.playerId,
      platformToken: session.platformToken,
      currency: session.currency,
      brand: session.brand,
      slot: input.slot,
      stakeMinor: input.amountMinor,
      autoCashoutX100: autoX100,
      state: joinsNow ? 'debiting' : 'queued',
    });
    if (!bet) throw new HouseError('HOUSE_CRASH_ALREADY_BET');
    if (!joinsNow) return { roundId: bet.roundId, betId: bet.id, slot: bet.slot, queued: true, balanceMinor: null };
    const balanceMinor = await this.track(game, this.debitIntoGame(game, bet, true));
    return { roundId: bet.roundId, betId: bet.id, slot: bet.slot, queued: false, balanceMinor };
  }

  private isTakingBets(): boolean {
    const game = this.game;
    return game !== null && game.phase === 'betting' && this.clock.now() < game.bettingEndsAt;
  }

  /** A manual cash-out of one slot's bet at the multiplier of this instance's clock now. */
  async cashOut(playerRef: number, slot: BetSlot): Promise<CashOutAnswer> {
    const game = this.game;
    const bet = game?.bets.get(betKey(playerRef, slot));
    if (!game || !bet || !bet.isPlaced || bet.cashoutX100 !== null || game.phase === 'betting')
      throw new HouseError('HOUSE_CRASH_NO_BET');
    const now = this.clock.now();
    if (game.phase !== 'running' || now >= game.crashAt) throw new HouseError('HOUSE_CRASH_TOO_LATE');
    const multiplierX100 = Math.min(
      crashMultiplierAt(now - game.startedAt, this.config.crash.curveRate),
      game.pointX100,
    );
    const winMinor = await this.cashOutBet(game, bet, multiplierX100);
    return { roundId: bet.roundId, betId: bet.id, slot: bet.slot, multiplier: multiplierX100 / 100, winMinor };
  }

  private async loadChain(): Promise<void> {
    let record = await repository.findLatestChain(this.db);
    if (record) {
      this.nextIndex = await repository.findNextGameIndex(this.db, record.id);
      if (this.nextIndex >= record.games) record = undefined;
    }
    if (!record) {
      const secretSeed = randomBytes(32).toString('hex');
      const hashes = this.buildChain(secretSeed, this.config.crash.chainGames);
      record = await repository.insertChain(this.db, {
        secretSeed,
        games: this.config.crash.chainGames,
        publishedHash: hashes[hashes.length - 1]!,
        salt: randomBytes(32).toString('hex'),
      });
      this.chain = { record, hashes };
      this.nextIndex = 0;
      return;
    }
    this.chain = { record, hashes: this.buildChain(record.secretSeed, record.games) };
  }

  private buildChain(seed: string, games: number): string[] {
    const hashes = [seed];
    for (let index = 1; index <= games; index += 1) hashes.push(nextHash(hashes[index - 1]!));
    return hashes;
  }

  private schedule(at: number, work: () => Promise<void>): void {
    const timer = this.clock.setTimeout(
      () => {
        this.timers.delete(timer);
        if (!this.running) return;
        work().catch((error: unknown) => this.log.error({ err: error }, 'crash loop step failed'));
      },
      Math.max(0, at - this.clock.now()),
    );
    this.timers.add(timer);
  }

  private async beginBetting(): Promise<void> {
    if (!this.running) return;
    if (!this.chain || this.nextIndex >= this.chain.record.games) await this.loadChain();
    const chain = this.chain!;
    const index = this.nextIndex;
    this.nextIndex += 1;
    // The chain is played from its end: game 0 takes the hash just before the published one.
    const hash = chain.hashes[chain.record.games - 1 - index]!;
    const pointX100 = crashPointHundredths(hash, chain.record.salt);
    this.hooks.opening();
    const now = this.clock.now();
    const id = await repository.insertGame(this.db, {
      chainId: chain.record.id,
      gameIndex: index,
      gameHash: hash,
      crashPointX100: pointX100,
      openedAt: now,
    });
    const game: LiveGame = {
      id,
      index,
      hash,
      pointX100,
      phase: 'betting',
      bettingEndsAt: now + this.config.crash.bettingMs,
      startedAt: 0,
      crashAt: 0,
      crashedAt: 0,
      bets: new Map(),
      pending: new Set(),
    };
    this.game = game;
    this.hooks.publish({ type: 'betting', gameId: id, bettingEndsAt: game.bettingEndsAt, serverNow: now });
    // Bets queued during the last round join this one.
    for (const queued of await repository.findBetsInStates(this.db, ['queued'])) {
      const moved = await repository.moveBet(this.db, queued.roundId, ['queued'], 'debiting', { gameId: id });
      if (moved) void this.track(game, this.debitIntoGame(game, moved, false)).catch(() => undefined);
    }
    this.schedule(game.bettingEndsAt, () => this.beginRunning(game));
  }

  private async beginRunning(game: LiveGame): Promise<void> {
    if (!this.running) return;
    game.phase = 'running';
    game.startedAt = this.clock.now();
    game.crashAt = game.startedAt + crashTimeFor(game.pointX100, this.config.crash.curveRate);
    await repository.markGameRunning(this.db, game.id, game.startedAt);
    if (!this.running) return;
    this.hooks.publish({
      type: 'running',
      gameId: game.id,
      startedAt: game.startedAt,
      serverNow: game.startedAt,
      curveRate: this.config.crash.curveRate,
    });
    this.tickTimer = this.clock.setInterval(() => this.tick(game), this.config.crash.tickMs);
    this.schedule(game.crashAt, () => this.crash(game));
  }

  private tick(game: LiveGame): void {
    if (game.phase !== 'running') return;
    const now = this.clock.now();
    const multiplierX100 = Math.min(
      crashMultiplierAt(now - game.startedAt, this.config.crash.curveRate),
      game.pointX100,
    );
    for (const bet of game.bets.values()) {
      if (
        bet.isPlaced &&
        bet.cashoutX100 === null &&
        bet.autoCashoutX100 !== null &&
        bet.autoCashoutX100 <= multiplierX100
      ) {
        void this.cashOutBet(game, bet, bet.autoCashoutX100).catch(() => undefined);
      }
    }
    this.hooks.publish({
      type: 'tick',
      gameId: game.id,
      multiplier: multiplierX100 / 100,
      elapsedMs: now - game.startedAt,
    });
  }

  private async crash(game: LiveGame): Promise<void> {
    if (this.tickTimer) this.clock.clearInterval(this.tickTimer);
    this.tickTimer = null;
    // An automatic cash-out at or below the crash point always wins, even between two ticks.
    for (const bet of game.bets.values()) {
      if (
        bet.isPlaced &&
        bet.cashoutX100 === null &&
        bet.autoCashoutX100 !== null &&
        bet.autoCashoutX100 <= game.pointX100
      ) {
        void this.cashOutBet(game, bet, bet.autoCashoutX100).catch(() => undefined);
      }
    }
    game.phase = 'crashed';
    game.crashedAt = this.clock.now();
    this.hooks.publish({
      type: 'crashed',
      gameId: game.id,
      crashPoint: game.pointX100 / 100,
      gameHash: game.hash,
      salt: this.chain?.record.salt,
    });
    // Stakes still being debited belong to this game: wait for them before deciding who lost.
    while (game.pending.size > 0) await Promise.allSettled([...game.pending]);
    const lostRecords = await repository.loseOpenBets(this.db, game.id);
    await this.settleAll(lostRecords);
    while (game.pending.size > 0) await Promise.allSettled([...game.pending]);
    await repository.endGame(this.db, game.id, 'ended');
    this.hooks.settled({
      gameId: game.id,
      crashPoint: game.pointX100 / 100,
      bets: [...game.bets.values()].filter((bet) => bet.isPlaced).length,
      crashedAt: game.crashedAt,
      settledAt: this.clock.now(),
    });
    this.hooks.publish({ type: 'settled', gameId: game.id });
    this.schedule(this.clock.now() + this.config.crash.pauseMs, () => this.beginBetting());
  }

  /** Zero credits that end the lost rounds, a few dozen at a time. */
  private async settleAll(bets: BetRecord[]): Promise<void> {
    const concurrency = 32;
    let next = 0;
    const worker = async () => {
      while (next < bets.length) {
        const bet = bets[next]!;
        next += 1;
        await this.credit(bet).catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, bets.length) }, worker));
  }

  private track<T>(game: LiveGame, work: Promise<T>): Promise<T> {
    game.pending.add(work);
    void work.finally(() => game.pending.delete(work)).catch(() => undefined);
    return work;
  }

  private async debitIntoGame(game: LiveGame, bet: BetRecord, throwOnFailure: boolean): Promise<number | null> {
    const limits = await this.players.getLimits(bet.brand, bet.currency, GAME_CODE);
    const live: LiveBet = {
      id: bet.id,
      roundId: bet.roundId,
      playerRef: bet.playerRef,
      slot: bet.slot,
      playerId: bet.playerId,
      currency: bet.currency,
      brand: bet.brand,
      stakeMinor: bet.stakeMinor,
      maxWinMinor: limits.maxWinMinor,
      autoCashoutX100: bet.autoCashoutX100,
      cashoutX100: null,
      winMinor: null,
      isPlaced: false,
    };
    game.bets.set(betKey(bet.playerRef, bet.slot), live);
    try {
      const debit = await this.wallet.debit({
        playerId: bet.playerId,
        currency: bet.currency,
        sessionToken: bet.platformToken,
        transactionId: `${bet.roundId}.d`,
        roundId: bet.roundId,
        gameCode: GAME_CODE,
        amountMinor: bet.stakeMinor,
      });
      await repository.moveBet(this.db, bet.roundId, ['debiting'], 'placed');
      live.isPlaced = true;
      this.hooks.publish({ type: 'bet', gameId: game.id, ...this.betView(live) });
      return debit.balanceMinor;
    } catch (error) {
      game.bets.delete(betKey(bet.playerRef, bet.slot));
      if (error instanceof WalletRefusedError) {
        await repository.moveBet(this.db, bet.roundId, ['debiting'], 'refused');
        if (throwOnFailure) throw new HouseError(refusalCode(error.code), { code: error.code });
        return null;
      }
      const cancelling = await repository.moveBet(this.db, bet.roundId, ['debiting'], 'cancelling');
      if (cancelling) await this.rollback(cancelling).catch(() => undefined);
      if (throwOnFailure) throw new HouseError('HOUSE_WALLET_UNAVAILABLE');
      return null;
    }
  }

  /**
   * Decides a cash-out at once, in memory (the crash that may follow counts it as cashed out) and
   * announces it; writing and paying it is tracked by the game, so the crash waits for it before it
   * marks the bets still in play as lost.
   */
  private cashOutBet(game: LiveGame, bet: LiveBet, multiplierX100: number): Promise<number> {
    if (bet.cashoutX100 !== null) return Promise.reject(new HouseError('HOUSE_CRASH_NO_BET'));
    bet.cashoutX100 = multiplierX100;
    const winMinor = Math.min(Number((BigInt(bet.stakeMinor) * BigInt(multiplierX100)) / 100n), bet.maxWinMinor);
    bet.winMinor = winMinor;
    this.hooks.publish({
      type: 'cashout',
      gameId: game.id,
      betId: bet.id,
      slot: bet.slot,
      player: maskPlayer(bet.playerId, this.config.vendorSecret),
      multiplier: multiplierX100 / 100,
      winMinor,
    });
    const work = (async () => {
      const record = await repository.moveBet(this.db, bet.roundId, ['placed'], 'crediting', {
        cashoutX100: multiplierX100,
        winMinor,
      });
      if (record) await this.credit(record);
    })();
    // A credit the platform did not confirm is owed: the recovery job pays it.
    return this.track(game, work).then(
      () => winMinor,
      () => winMinor,
    );
  }

  private async credit(bet: BetRecord): Promise<void> {
    await this.wallet.credit({
      playerId: bet.playerId,
      currency: bet.currency,
      transactionId: `${bet.roundId}.c`,
      roundId: bet.roundId,
      gameCode: GAME_CODE,
      amountMinor: bet.winMinor ?? 0,
      roundEnded: true,
      // A cash-out is paid while the game still runs: its hash, which gives the crash point away, waits
      // for the crash and is in the game's history; the game's id finds it there.
      detail: {
        game: GAME_CODE,
        gameId: bet.gameId,
        cashout: bet.cashoutX100 === null ? null : bet.cashoutX100 / 100,
        autoCashout: bet.autoCashoutX100 === null ? null : bet.autoCashoutX100 / 100,
        // The verifier reads the game's hash by its id once it has crashed.
        ...(bet.gameId === null
          ? {}
          : {
              verifyUrl: verifierUrl(this.config, { game: GAME_CODE, gameId: String(bet.gameId) }),
            }),
      },
    });
    await repository.moveBet(this.db, bet.roundId, ['crediting'], 'settled');
  }

  private async rollback(bet: BetRecord): Promise<void> {
    await this.wallet.rollback({
      playerId: bet.playerId,
      currency: bet.currency,
      transactionId: `${bet.roundId}.d`,
      roundId: bet.roundId,
      gameCode: GAME_CODE,
    });
    await repository.moveBet(this.db, bet.roundId, ['cancelling'], 'cancelled');
  }

  /**
   * After a stop: games left betting or running are cancelled and their undecided stakes rolled back;
   * wins and losses already decided are credited.
   */
  async recover(): Promise<{ cancelled: number; credited: number }> {
    const games = await repository.findUnfinishedGames(this.db);
    let cancelled = 0;
    let credited = 0;
    for (const bet of await repository.findBetsInStates(this.db, ['debiting', 'placed'], games)) {
      const moved = await repository.moveBet(this.db, bet.roundId, ['debiting', 'placed'], 'cancelling');
      if (moved) {
        await this.rollback(moved)
          .then(() => (cancelled += 1))
          .catch(() => undefined);
      }
    }
    for (const bet of await repository.findBetsInStates(this.db, ['cancelling'])) {
      await this.rollback(bet)
        .then(() => (cancelled += 1))
        .catch(() => undefined);
    }
    for (const bet of await repository.findBetsInStates(this.db, ['crediting'])) {
      await this.credit(bet)
        .then(() => (credited += 1))
        .catch(() => undefined);
    }
    for (const gameId of games) await repository.endGame(this.db, gameId, 'cancelled');
    return { cancelled, credited };
  }

  private betView(bet: LiveBet): CrashBetView {
    return {
      betId: bet.id,
      player: maskPlayer(bet.playerId, this.config.vendorSecret),
      slot: bet.slot,
      stakeMinor: bet.stakeMinor,
      cashout: bet.cashoutX100 === null ? null : bet.cashoutX100 / 100,
      winMinor: bet.winMinor,
    };
  }
}
