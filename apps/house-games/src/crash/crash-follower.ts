import type { FastifyBaseLogger } from 'fastify';
import type { HouseConfig } from '../config';
import type { DatabaseChannels } from '../db/channels';
import * as repository from './crash.repository';
import { maskPlayer, type CrashGameView, type CrashInstance } from './crash-shared';

/** The leader's feed to the followers, on PostgreSQL (decision 0016): each message the leader's sockets get. */
const FEED_CHANNEL = 'house_crash_feed';

/** On the leader: a message of its game sent to the followers' sockets, the sender's id first. */
export function relayToFollowers(channels: DatabaseChannels, instanceId: string, text: string): Promise<void> {
  return channels.notify(FEED_CHANNEL, `${instanceId} ${text}`);
}

/**
 * On a follower: the leader's game rebuilt from its feed, for the snapshot of a socket that connects, and
 * the feed handed on to this instance's sockets in the leader's order. A follower that meets a game
 * halfway reads its start and bets from the database, then applies the messages that came meanwhile.
 */
export class CrashFollower {
  /** The leader's game in play, from the feed. */
  private followed: CrashGameView | null = null;
  /** On meeting a game halfway: the game read from the database, and the feed meanwhile. */
  private catchingUp: { gameId: number; backlog: Record<string, unknown>[] } | null = null;

  constructor(
    private readonly config: HouseConfig,
    private readonly log: FastifyBaseLogger,
    private readonly instance: CrashInstance,
    private readonly deliver: (text: string) => void,
  ) {}

  async listen(channels: DatabaseChannels): Promise<void> {
    await channels.listen(FEED_CHANNEL, (payload) => this.onFeed(payload));
  }

  /** On taking the lease: this instance runs the game from now on, and follows none. */
  reset(): void {
    this.followed = null;
    this.catchingUp = null;
  }

  /** The leader's game in play as a snapshot shows it, a copy; null when none is known. */
  view(): CrashGameView | null {
    return this.followed && { ...this.followed, bets: this.followed.bets.map((bet) => ({ ...bet })) };
  }

  /** The leader's message, kept for the next snapshot and handed to this instance's sockets. */
  private onFeed(payload: string): void {
    const space = payload.indexOf(' ');
    if (this.instance.isLeader || payload.slice(0, space) === this.instance.instanceId) return;
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
          betId: Number(message['betId']),
          player: String(message['player']),
          slot: message['slot'] === 1 ? (1 as const) : (0 as const),
          stakeMinor: Number(message['stakeMinor']),
          cashout: message['cashout'] === null ? null : Number(message['cashout']),
          winMinor: message['winMinor'] === null ? null : Number(message['winMinor']),
        };
        // Replayed after the read, a bet the database already had is not added twice.
        if (!replaying || !game.bets.some((entry) => entry.betId === bet.betId)) game.bets.push(bet);
        break;
      }
      case 'cashout': {
        const bet = game.bets.find((entry) => entry.betId === message['betId'] && entry.cashout === null);
        if (bet) {
          bet.cashout = Number(message['multiplier']);
          bet.winMinor = Number(message['winMinor']);
        }
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
      .findGameInPlay(this.config.database.db, gameId)
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
            betId: bet.id,
            player: maskPlayer(bet.playerId, this.config.vendorSecret),
            slot: bet.slot,
            stakeMinor: bet.stakeMinor,
            cashout: bet.cashoutX100 === null ? null : bet.cashoutX100 / 100,
            winMinor: bet.winMinor,
          })),
        };
        for (const message of catching.backlog) this.follow(message, true);
      })
      .catch((error: unknown) => {
        if (this.catchingUp === catching) this.catchingUp = null;
        this.log.warn({ err: error }, 'crash game in play not read');
      });
  }
}
