import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { crashPointHundredths } from '@parlay/fairness';
import type { FastifyBaseLogger } from 'fastify';
import type { HouseConfig } from '../config';
import { DatabaseChannels } from '../db/channels';
import { HouseError, isHouseErrorCode, refusalCode } from '../errors';
import { crashMultiplierAt, crashTimeFor } from '../games/rules';
import type { HouseSession, PlayersService } from '../players/players.service';
import { WalletRefusedError, type WalletClient } from '../wallet/wallet-client';
import * as repository from './crash.repository';
import type { BetRecord, ChainRecord } from './crash.repository';
import { verifierUrl } from '../verifier';

export type CrashPhase = 'idle' | 'betting' | 'running' | 'crashed';

interface LiveBet {
  roundId: string;
  playerRef: number;
  playerId: string;
  currency: string;
  brand: string;
  stakeMinor: number;
  /** The brand's maximum win, known before the game flies so that a cash-out is decided without waiting. */
  maxWinMinor: number;
  autoCashoutX100: number | null;
  cashoutX100: number | null;
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
  bets: Map<number, LiveBet>;
  /** Debits, cash-out credits and loss credits still on their way to the platform. */
  pending: Set<Promise<unknown>>;
}

export interface CrashSettlement {
  gameId: number;
  crashPoint: number;
  bets: number;
  crashedAt: number;
  /** When every bet of the game was written settled (or cancelled). */
  settledAt: number;
}

/** The leader's game as a follower rebuilds it from the feed: what a snapshot shows of it. */
interface FollowedGame {
  gameId: number;
  phase: CrashPhase;
  bettingEndsAt: number;
  startedAt: number | null;
  crashPoint: number | null;
  gameHash: string | null;
  bets: { player: string; stakeMinor: number; cashout: number | null }[];
}

type CashOutAnswer = { roundId: string; multiplier: number; winMinor: number };
type BetAnswer = { roundId: string; queued: boolean; balanceMinor: number | null };
type BetInput = { amountMinor: number; autoCashout: number | null };
/** A bet or a manual cash-out a follower got, sent on to the leader. */
type ForwardedRequest = { op: 'bet'; session: HouseSession; input: BetInput } | { op: 'cashout'; playerRef: number };

const GAME_CODE = 'crash';
const MAX_CASHOUT_X100 = 100_000_000;
const DEFAULT_LEASE_MS = 10_000;
/**
 * Channels between the instances on one PostgreSQL database: the leader's feed to the followers, and the
 * bets and manual cash-outs a follower received, sent on to the leader, with the leader's answers.
 */
const FEED_CHANNEL = 'house_crash_feed';
const REQUEST_CHANNEL = 'house_crash_request';
const ANSWER_CHANNEL = 'house_crash_answer';
/** How long a follower waits for the leader's answer before it tries to give the request up. */
const FORWARDED_TIMEOUT_MS = 5_000;
/** How much longer it waits once it finds the leader took the request: it is being decided. */
const FORWARDED_TAKEN_WAIT_MS = 25_000;

/** SHA-256 of the hex text, as the fairness package's chain, on node:crypto for a fast start. */
function nextHash(hash: string): string {
  return createHash('sha256').update(hash).digest('hex');
}

/** Shows a player to others without giving their id away. */
function maskPlayer(playerId: string): string {
  return playerId.length <= 3 ? `${playerId[0] ?? ''}**` : `${playerId.slice(0, 2)}***${playerId.slice(-1)}`;
}

/**
 * Crash: shared rounds on a timer. The server's clock decides every cash-out, manual or automatic; the
 * crash point comes from the published hash chain and is shown with the game hash when the round ends.
 */
export class CrashService {
  private chain: { record: ChainRecord; hashes: string[] } | null = null;
  private nextIndex = 0;
  private game: LiveGame | null = null;
  private timers = new Set<NodeJS.Timeout>();
  private tickTimer: NodeJS.Timeout | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private running = false;
  private isContending = false;
  /** This instance's name in the lease row. */
  readonly instanceId = randomUUID();
  /** True while this instance holds the lease and runs the loop; the others take bets for its next game. */
  isLeader = false;
  private readonly started: Promise<void>;
  private markStarted: () => void = () => undefined;
  private readonly listeners = new Set<(message: string) => void>();
  private readonly settlementListeners = new Set<(settlement: CrashSettlement) => void>();
  /** Messages handed to sockets since start: the fan-out measure. */
  delivered = 0;
  /** LISTEN/NOTIFY to the other instances, on PostgreSQL; null on PGlite, where there are none. */
  private channels: DatabaseChannels | null = null;
  /** On a follower: the leader's game in play, from the feed. */
  private followed: FollowedGame | null = null;
  /** On a follower that met a game halfway: the game read from the database, and the feed meanwhile. */
  private catchingUp: { gameId: number; backlog: Record<string, unknown>[] } | null = null;
  /** On a follower: bets and cash-outs sent on to the leader, by request id, until its answer. */
  private readonly forwarded = new Map<
    string,
    {
      resolve: (answer: unknown) => void;
      reject: (error: HouseError) => void;
      timer: NodeJS.Timeout | undefined;
      /** Called once the request is answered or failed: a stop waiting on a taken request ends then. */
      onDone: (() => void)[];
    }
  >();

  constructor(
    private readonly config: HouseConfig,
    private readonly wallet: WalletClient,
    private readonly players: PlayersService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.started = new Promise((resolve) => (this.markStarted = resolve));
  }

  private get leaseMs(): number {
    return this.config.crash.leaseMs ?? DEFAULT_LEASE_MS;
  }

  private get db() {
    return this.config.database.db;
  }

  subscribe(listener: (message: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onSettled(listener: (settlement: CrashSettlement) => void): () => void {
    this.settlementListeners.add(listener);
    return () => this.settlementListeners.delete(listener);
  }

  /**
   * Runs the round loop if this instance wins the lease (cancelling what a stopped leader left in play
   * first), else follows: it keeps trying, and takes over once the leader stops renewing.
   */
  async start(): Promise<void> {
    const { database } = this.config;
    if (database.kind === 'postgres' && database.url) {
      const channels = await DatabaseChannels.open(database.url, (error) =>
        this.log.warn({ code: (error as { code?: unknown }).code, error: error.message }, 'crash channel failed'),
      );
      this.channels = channels;
      await channels.listen(FEED_CHANNEL, (payload) => this.onFeed(payload));
      await channels.listen(REQUEST_CHANNEL, (payload) => {
        this.onForwarded(payload).catch((error: unknown) =>
          this.log.error({ err: error }, 'forwarded crash request failed'),
        );
      });
      await channels.listen(ANSWER_CHANNEL, (payload) => this.onAnswer(payload));
    }
    await this.contend();
    this.leaseTimer = setInterval(
      () => {
        this.contend().catch((error: unknown) => this.log.error({ err: error }, 'crash lease failed'));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    this.leaseTimer.unref();
    this.markStarted();
  }

  /** Stops the loop where it stands and gives the lease up; the next leader cancels the round in play. */
  async stop(): Promise<void> {
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.leaseTimer = null;
    const wasLeader = this.isLeader;
    this.halt();
    if (wasLeader) await repository.releaseLease(this.db, this.instanceId).catch(() => undefined);
    // Requests still waiting on the leader: given up, or, where the leader took one, answered first.
    await Promise.all([...this.forwarded.keys()].map((requestId) => this.giveUpForwarded(requestId)));
    await this.channels?.close();
    this.channels = null;
  }

  private halt(): void {
    this.isLeader = false;
    this.running = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
  }

  /** Takes or renews the lease; starts the loop on winning it and stops it on losing it. */
  private async contend(): Promise<void> {
    if (this.isContending) return;
    this.isContending = true;
    try {
      const held = await repository.takeLease(this.db, this.instanceId, this.leaseMs);
      if (held && !this.isLeader) {
        this.isLeader = true;
        this.game = null;
        this.followed = null;
        this.catchingUp = null;
        await this.recover();
        await this.loadChain();
        this.running = true;
        await this.beginBetting();
      } else if (!held && this.isLeader) {
        // Another instance holds the lease now (this one missed its renewals): two loops must never run.
        this.log.warn('crash lease lost: this instance stops its loop');
        this.halt();
        this.game = null;
      }
    } finally {
      this.isContending = false;
    }
  }

  /**
   * What a socket sees first. It waits for start(): a socket that connects while the vendor starts used
   * to get a snapshot before the chain was loaded, with no published hash.
   */
  async snapshot(): Promise<Record<string, unknown>> {
    await this.started;
    const [recent, stored] = await Promise.all([
      repository.findRecentGames(this.db, 10),
      // A follower shows the chain the leader plays.
      this.chain ? Promise.resolve(undefined) : repository.findLatestChain(this.db),
    ]);
    // The live state is read after the last await: the caller subscribes in the same turn, missing nothing.
    const game = this.game;
    const chain = this.chain?.record ?? stored;
    return {
      type: 'snapshot',
      serverNow: Date.now(),
      publishedHash: chain?.publishedHash ?? null,
      curveRate: this.config.crash.curveRate,
      salt: chain?.salt ?? null,
      game: game
        ? {
            gameId: game.id,
            phase: game.phase,
            bettingEndsAt: game.bettingEndsAt,
            startedAt: game.phase === 'running' ? game.startedAt : null,
            // A page opened after the crash shows its point; both are public from the crash on, never before.
            crashPoint: game.phase === 'crashed' ? game.pointX100 / 100 : null,
            gameHash: game.phase === 'crashed' ? game.hash : null,
            bets: [...game.bets.values()].filter((bet) => bet.isPlaced).map((bet) => this.betView(bet)),
          }
        : this.followed && { ...this.followed, bets: this.followed.bets.map((bet) => ({ ...bet })) },
      recent,
    };
  }

  /** A bet into the game taking bets, or else the next. A follower sends it on to the leader. */
  async placeBet(session: HouseSession, input: BetInput): Promise<BetAnswer> {
    if (!this.isLeader && this.channels) return this.forward<BetAnswer>(this.channels, { op: 'bet', session, input });
    return this.placeBetHere(session, input);
  }

  private async placeBetHere(session: HouseSession, input: BetInput): Promise<BetAnswer> {
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
    if (game?.bets.has(session.playerRef) && joinsNow) throw new HouseError('HOUSE_CRASH_ALREADY_BET');
    const queued = await repository.findBetsInStates(this.db, ['queued']);
    if (queued.some((bet) => bet.playerRef === session.playerRef)) throw new HouseError('HOUSE_CRASH_ALREADY_BET');
    const bet = await repository.insertBet(this.db, {
      roundId: `hc-${randomUUID()}`,
      gameId: joinsNow ? game.id : null,
      playerRef: session.playerRef,
      playerId: session.playerId,
      platformToken: session.platformToken,
      currency: session.currency,
      brand: session.brand,
      stakeMinor: input.amountMinor,
      autoCashoutX100: autoX100,
      state: joinsNow ? 'debiting' : 'queued',
    });
    if (!bet) throw new HouseError('HOUSE_CRASH_ALREADY_BET');
    if (!joinsNow) return { roundId: bet.roundId, queued: true, balanceMinor: null };
    const balanceMinor = await this.track(game, this.debitIntoGame(game, bet, true));
    return { roundId: bet.roundId, queued: false, balanceMinor };
  }

  private isTakingBets(): boolean {
    const game = this.game;
    return game !== null && game.phase === 'betting' && Date.now() < game.bettingEndsAt;
  }

  /**
   * A manual cash-out at the multiplier of the leader's clock when it gets the request. A follower sends
   * it on to the leader and answers with the leader's answer.
   */
  async cashOut(session: HouseSession): Promise<CashOutAnswer> {
    if (!this.isLeader && this.channels)
      return this.forward<CashOutAnswer>(this.channels, { op: 'cashout', playerRef: session.playerRef });
    return this.cashOutPlayer(session.playerRef);
  }

  private async cashOutPlayer(playerRef: number): Promise<CashOutAnswer> {
    const game = this.game;
    const bet = game?.bets.get(playerRef);
    if (!game || !bet || !bet.isPlaced || bet.cashoutX100 !== null || game.phase === 'betting')
      throw new HouseError('HOUSE_CRASH_NO_BET');
    const now = Date.now();
    if (game.phase !== 'running' || now >= game.crashAt) throw new HouseError('HOUSE_CRASH_TOO_LATE');
    const multiplierX100 = Math.min(
      crashMultiplierAt(now - game.startedAt, this.config.crash.curveRate),
      game.pointX100,
    );
    const winMinor = await this.cashOutBet(game, bet, multiplierX100);
    return { roundId: bet.roundId, multiplier: multiplierX100 / 100, winMinor };
  }

  /**
   * An ended game's hash, salt and crash point, for anyone's verifier: public once the game has crashed.
   * A game still in play (or none with that id) is HOUSE_GAME_NOT_ENDED: its hash gives its crash point.
   */
  async findEndedGame(gameId: number): Promise<{ gameId: number; gameHash: string; salt: string; crashPoint: number }> {
    const game = await repository.findEndedGame(this.db, gameId);
    if (!game) throw new HouseError('HOUSE_GAME_NOT_ENDED');
    return { gameId: game.gameId, gameHash: game.gameHash, salt: game.salt, crashPoint: game.crashPoint };
  }

  async findHistory(session: HouseSession): Promise<unknown[]> {
    const bets = await repository.findPlayerBets(this.db, session.playerRef, 10);
    return bets.map((bet) => ({
      roundId: bet.roundId,
      stakeMinor: bet.stakeMinor,
      autoCashout: bet.autoCashoutX100 === null ? null : bet.autoCashoutX100 / 100,
      cashout: bet.cashoutX100 === null ? null : bet.cashoutX100 / 100,
      winMinor: bet.winMinor,
      state: bet.state,
      crashPoint: bet.crashPoint,
      gameHash: bet.gameHash,
      salt: bet.salt,
    }));
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
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (!this.running) return;
        work().catch((error: unknown) => this.log.error({ err: error }, 'crash loop step failed'));
      },
      Math.max(0, at - Date.now()),
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
    if (this.channels)
      repository
        .deleteOldForwarded(this.db)
        .catch((error: unknown) => this.log.warn({ err: error }, 'old forwarded crash requests not deleted'));
    const now = Date.now();
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
    this.broadcast({ type: 'betting', gameId: id, bettingEndsAt: game.bettingEndsAt, serverNow: now });
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
    game.startedAt = Date.now();
    game.crashAt = game.startedAt + crashTimeFor(game.pointX100, this.config.crash.curveRate);
    await repository.markGameRunning(this.db, game.id, game.startedAt);
    if (!this.running) return;
    this.broadcast({
      type: 'running',
      gameId: game.id,
      startedAt: game.startedAt,
      serverNow: game.startedAt,
      curveRate: this.config.crash.curveRate,
    });
    this.tickTimer = setInterval(() => this.tick(game), this.config.crash.tickMs);
    this.schedule(game.crashAt, () => this.crash(game));
  }

  private tick(game: LiveGame): void {
    if (game.phase !== 'running') return;
    const now = Date.now();
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
    this.broadcast({
      type: 'tick',
      gameId: game.id,
      multiplier: multiplierX100 / 100,
      elapsedMs: now - game.startedAt,
    });
  }

  private async crash(game: LiveGame): Promise<void> {
    if (this.tickTimer) clearInterval(this.tickTimer);
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
    game.crashedAt = Date.now();
    this.broadcast({
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
    const settlement: CrashSettlement = {
      gameId: game.id,
      crashPoint: game.pointX100 / 100,
      bets: [...game.bets.values()].filter((bet) => bet.isPlaced).length,
      crashedAt: game.crashedAt,
      settledAt: Date.now(),
    };
    for (const listener of this.settlementListeners) listener(settlement);
    this.broadcast({ type: 'settled', gameId: game.id });
    this.schedule(Date.now() + this.config.crash.pauseMs, () => this.beginBetting());
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
      roundId: bet.roundId,
      playerRef: bet.playerRef,
      playerId: bet.playerId,
      currency: bet.currency,
      brand: bet.brand,
      stakeMinor: bet.stakeMinor,
      maxWinMinor: limits.maxWinMinor,
      autoCashoutX100: bet.autoCashoutX100,
      cashoutX100: null,
      isPlaced: false,
    };
    game.bets.set(bet.playerRef, live);
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
      this.broadcast({ type: 'bet', gameId: game.id, ...this.betView(live) });
      return debit.balanceMinor;
    } catch (error) {
      game.bets.delete(bet.playerRef);
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
    this.broadcast({
      type: 'cashout',
      gameId: game.id,
      player: maskPlayer(bet.playerId),
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

  private betView(bet: LiveBet): Record<string, unknown> {
    return {
      player: maskPlayer(bet.playerId),
      stakeMinor: bet.stakeMinor,
      cashout: bet.cashoutX100 === null ? null : bet.cashoutX100 / 100,
    };
  }

  private broadcast(message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    this.deliver(text);
    // The followers' sockets get it through the database: the sender's id first, then the message.
    this.channels
      ?.notify(FEED_CHANNEL, `${this.instanceId} ${text}`)
      .catch((error: unknown) => this.log.warn({ err: error }, 'crash feed not sent to the other instances'));
  }

  private deliver(text: string): void {
    for (const listener of this.listeners) {
      listener(text);
      this.delivered += 1;
    }
  }

  /** On a follower: the leader's message, kept for the next snapshot and handed to this instance's sockets. */
  private onFeed(payload: string): void {
    const space = payload.indexOf(' ');
    if (this.isLeader || payload.slice(0, space) === this.instanceId) return;
    const text = payload.slice(space + 1);
    this.follow(JSON.parse(text) as Record<string, unknown>);
    this.deliver(text);
  }

  private follow(message: Record<string, unknown>, replaying = false): void {
    const gameId = Number(message['gameId']);
    if (message['type'] === 'betting') {
      this.catchingUp = null;
      this.followed = {
        gameId,
        phase: 'betting',
        bettingEndsAt: Number(message['bettingEndsAt']),
        startedAt: null,
        crashPoint: null,
        gameHash: null,
        bets: [],
      };
      return;
    }
    if (this.catchingUp?.gameId === gameId) {
      this.catchingUp.backlog.push(message);
      return;
    }
    const game = this.followed;
    if (!game || game.gameId !== gameId) {
      // A follower that starts (or reconnects) in the middle of a game reads it from the database.
      if (message['type'] !== 'settled') this.catchUp(gameId, message);
      return;
    }
    switch (message['type']) {
      case 'running':
        game.phase = 'running';
        game.startedAt = Number(message['startedAt']);
        break;
      case 'bet': {
        const bet = {
          player: String(message['player']),
          stakeMinor: Number(message['stakeMinor']),
          cashout: message['cashout'] === null ? null : Number(message['cashout']),
        };
        // Replayed after the read, a bet the database already had is not added twice.
        const known = (entry: FollowedGame['bets'][number]) =>
          entry.player === bet.player && entry.stakeMinor === bet.stakeMinor;
        if (!replaying || !game.bets.some(known)) game.bets.push(bet);
        break;
      }
      case 'cashout': {
        const bet = game.bets.find((entry) => entry.player === message['player'] && entry.cashout === null);
        if (bet) bet.cashout = Number(message['multiplier']);
        break;
      }
      case 'crashed':
        game.phase = 'crashed';
        game.crashPoint = Number(message['crashPoint']);
        game.gameHash = String(message['gameHash']);
        break;
      default:
        break;
    }
  }

  private catchUp(gameId: number, first: Record<string, unknown>): void {
    const catching = { gameId, backlog: [first] };
    this.catchingUp = catching;
    repository
      .findGameInPlay(this.db, gameId)
      .then((found) => {
        if (this.catchingUp !== catching) return;
        this.catchingUp = null;
        if (!found) return;
        this.followed = {
          gameId,
          phase: found.startedAt === null ? 'betting' : 'running',
          bettingEndsAt: found.createdAt + this.config.crash.bettingMs,
          startedAt: found.startedAt,
          crashPoint: null,
          gameHash: null,
          bets: found.bets.map((bet) => ({
            player: maskPlayer(bet.playerId),
            stakeMinor: bet.stakeMinor,
            cashout: bet.cashoutX100 === null ? null : bet.cashoutX100 / 100,
          })),
        };
        for (const message of catching.backlog) this.follow(message, true);
      })
      .catch((error: unknown) => {
        if (this.catchingUp === catching) this.catchingUp = null;
        this.log.warn({ err: error }, 'crash game in play not read');
      });
  }

  /**
   * Sends a request on to the leader and waits for its answer. With no answer in time, the follower
   * gives the request up (`giveUpForwarded`).
   */
  private forward<T>(channels: DatabaseChannels, request: ForwardedRequest): Promise<T> {
    const requestId = randomUUID();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => void this.giveUpForwarded(requestId),
        this.config.crash.forwardTimeoutMs ?? FORWARDED_TIMEOUT_MS,
      );
      this.forwarded.set(requestId, { resolve: (answer) => resolve(answer as T), reject, timer, onDone: [] });
      channels
        .notify(REQUEST_CHANNEL, JSON.stringify({ requestId, from: this.instanceId, request }))
        .catch(() => this.failForwarded(requestId));
    });
  }

  /**
   * Claims a forwarded request as abandoned: then the leader will never make it, and the player is told
   * so. If the leader claimed it first, it is being decided, and the follower waits longer for the answer.
   * Resolves once the request is answered or failed.
   */
  private async giveUpForwarded(requestId: string): Promise<void> {
    const waiting = this.forwarded.get(requestId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting.timer = undefined;
    let abandoned: boolean;
    try {
      abandoned = await repository.claimForwarded(this.db, requestId, 'abandoned');
    } catch (error) {
      this.log.warn({ err: error }, 'forwarded crash request not given up');
      this.failForwarded(requestId);
      return;
    }
    if (!this.forwarded.has(requestId)) return; // answered meanwhile
    if (abandoned) {
      this.failForwarded(requestId);
      return;
    }
    await new Promise<void>((done) => {
      waiting.onDone.push(done);
      clearTimeout(waiting.timer);
      waiting.timer = setTimeout(() => this.failForwarded(requestId), FORWARDED_TAKEN_WAIT_MS);
    });
  }

  /** Tells the player a forwarded request could not be decided. */
  private failForwarded(requestId: string): void {
    const waiting = this.forwarded.get(requestId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.forwarded.delete(requestId);
    waiting.reject(new HouseError('HOUSE_CRASH_UNAVAILABLE'));
    for (const done of waiting.onDone) done();
  }

  /** On the leader: a bet or cash-out a follower got, decided here, answered to that follower. */
  private async onForwarded(payload: string): Promise<void> {
    if (!this.isLeader || !this.channels) return;
    const { requestId, from, request } = JSON.parse(payload) as {
      requestId: string;
      from: string;
      request: ForwardedRequest;
    };
    // The follower gave up on it and told the player: it is never made.
    if (!(await repository.claimForwarded(this.db, requestId, 'taken'))) return;
    const work =
      request.op === 'bet' ? this.placeBetHere(request.session, request.input) : this.cashOutPlayer(request.playerRef);
    const answer = await work.then(
      (value) => ({ value }),
      (error: unknown) =>
        error instanceof HouseError
          ? { code: error.code, ...(error.value === undefined ? {} : { errorValue: error.value }) }
          : { code: 'HOUSE_SYSTEM_ERROR' },
    );
    await this.channels
      .notify(ANSWER_CHANNEL, JSON.stringify({ requestId, to: from, ...answer }))
      .catch((error: unknown) => this.log.warn({ err: error }, 'crash answer not sent'));
  }

  private onAnswer(payload: string): void {
    const answer = JSON.parse(payload) as {
      requestId: string;
      to: string;
      value?: unknown;
      code?: string;
      errorValue?: unknown;
    };
    if (answer.to !== this.instanceId) return;
    const waiting = this.forwarded.get(answer.requestId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.forwarded.delete(answer.requestId);
    if (answer.code === undefined) waiting.resolve(answer.value);
    else
      waiting.reject(
        isHouseErrorCode(answer.code)
          ? new HouseError(answer.code, answer.errorValue)
          : new HouseError('HOUSE_SYSTEM_ERROR'),
      );
    for (const done of waiting.onDone) done();
  }
}
