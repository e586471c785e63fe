import type { FastifyBaseLogger } from 'fastify';
import type { HouseConfig } from '../config';
import { DatabaseChannels } from '../db/channels';
import { HouseError } from '../errors';
import type { HouseSession, PlayersService } from '../players/players.service';
import type { WalletClient } from '../wallet/wallet-client';
import * as repository from './crash.repository';
import { CrashFollower, relayToFollowers } from './crash-follower';
import { CrashForwarding } from './crash-forwarding';
import { CrashLease } from './crash-lease';
import { CrashRound } from './crash-round';
import {
  realClock,
  type BetAnswer,
  type BetInput,
  type BetSlot,
  type CashOutAnswer,
  type CrashSettlement,
} from './crash-shared';

export type { CrashPhase, CrashSettlement } from './crash-shared';

/**
 * Crash: shared rounds on a timer, in one instance at a time. It composes the parts: the leader's lease
 * (`crash-lease.ts`), the round loop the leader runs (`crash-round.ts`), the leader's game rebuilt on a
 * follower from the feed (`crash-follower.ts`), and a follower's bets and cash-outs sent on to the leader
 * (`crash-forwarding.ts`). Every message goes to this instance's sockets, and from the leader to the
 * followers' through the database (PostgreSQL only).
 */
export class CrashService {
  private readonly lease: CrashLease;
  private readonly round: CrashRound;
  private readonly follower: CrashFollower;
  private readonly forwarding: CrashForwarding;
  private readonly started: Promise<void>;
  private markStarted: () => void = () => undefined;
  private readonly listeners = new Set<(message: string) => void>();
  private readonly settlementListeners = new Set<(settlement: CrashSettlement) => void>();
  /** Messages handed to sockets since start: the fan-out measure. */
  delivered = 0;
  /** LISTEN/NOTIFY to the other instances, on PostgreSQL; null on PGlite, where there are none. */
  private channels: DatabaseChannels | null = null;

  constructor(
    private readonly config: HouseConfig,
    wallet: WalletClient,
    players: PlayersService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.started = new Promise((resolve) => (this.markStarted = resolve));
    this.round = new CrashRound(config, wallet, players, log, {
      publish: (message) => this.broadcast(message),
      settled: (settlement) => {
        for (const listener of this.settlementListeners) listener(settlement);
      },
      opening: () => this.forwarding.deleteOld(),
    });
    this.lease = new CrashLease(config, log, {
      lead: async () => {
        this.follower.reset();
        await this.round.lead();
      },
      lose: () => {
        this.round.halt();
        this.round.forgetGame();
      },
    });
    this.follower = new CrashFollower(config, log, this.lease, (text) => this.deliver(text));
    this.forwarding = new CrashForwarding(config, log, this.lease, () => this.channels, this.round);
  }

  /** This instance's name in the lease row. */
  get instanceId(): string {
    return this.lease.instanceId;
  }

  /** True while this instance holds the lease and runs the loop; the others take bets for its next game. */
  get isLeader(): boolean {
    return this.lease.isLeader;
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
      await this.follower.listen(channels);
      await this.forwarding.listen(channels);
    }
    await this.lease.start();
    this.markStarted();
  }

  /** Stops the loop where it stands and gives the lease up; the next leader cancels the round in play. */
  async stop(): Promise<void> {
    this.round.halt();
    await this.lease.stop();
    // Requests still waiting on the leader: given up, or, where the leader took one, answered first.
    await this.forwarding.giveUpAll();
    await this.channels?.close();
    this.channels = null;
  }

  /**
   * What a socket sees first. It waits for start(): a socket that connects while the vendor starts used
   * to get a snapshot before the chain was loaded, with no published hash.
   */
  async snapshot(): Promise<Record<string, unknown>> {
    await this.started;
    const [recent, stored] = await Promise.all([
      // The last 20 busts, each with its chain's salt: what a chip's proof needs.
      repository.findRecentGames(this.db, 20),
      // A follower shows the chain the leader plays.
      this.round.chainRecord ? Promise.resolve(undefined) : repository.findLatestChain(this.db),
    ]);
    // The live state is read after the last await: the caller subscribes in the same turn, missing nothing.
    const game = this.round.view();
    const chain = this.round.chainRecord ?? stored;
    return {
      type: 'snapshot',
      serverNow: (this.config.crash.clock ?? realClock).now(),
      publishedHash: chain?.publishedHash ?? null,
      curveRate: this.config.crash.curveRate,
      salt: chain?.salt ?? null,
      game: game ?? this.follower.view(),
      recent,
    };
  }

  /** A bet into the game taking bets, or else the next. A follower sends it on to the leader. */
  async placeBet(session: HouseSession, input: BetInput): Promise<BetAnswer> {
    if (!this.isLeader && this.channels)
      return this.forwarding.forward<BetAnswer>(this.channels, { op: 'bet', session, input });
    return this.round.placeBet(session, input);
  }

  /**
   * A manual cash-out at the multiplier of the leader's clock when it gets the request. A follower sends
   * it on to the leader and answers with the leader's answer.
   */
  async cashOut(session: HouseSession, slot: BetSlot): Promise<CashOutAnswer> {
    if (!this.isLeader && this.channels)
      return this.forwarding.forward<CashOutAnswer>(this.channels, {
        op: 'cashout',
        playerRef: session.playerRef,
        slot,
      });
    return this.round.cashOut(session.playerRef, slot);
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
      slot: bet.slot,
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

  /**
   * After a stop: games left betting or running are cancelled and their undecided stakes rolled back;
   * wins and losses already decided are credited.
   */
  recover(): Promise<{ cancelled: number; credited: number }> {
    return this.round.recover();
  }

  private broadcast(message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    this.deliver(text);
    // The followers' sockets get it through the database.
    if (this.channels)
      relayToFollowers(this.channels, this.lease.instanceId, text).catch((error: unknown) =>
        this.log.warn({ err: error }, 'crash feed not sent to the other instances'),
      );
  }

  private deliver(text: string): void {
    for (const listener of this.listeners) {
      listener(text);
      this.delivered += 1;
    }
  }
}
