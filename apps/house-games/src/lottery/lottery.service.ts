import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { launchSigningText } from '@parlay/contract';
import {
  LOTTERY_DRAW_ALGORITHM,
  createClientSeed,
  createServerSeed,
  hashServerSeed,
  type LotteryBet,
  type LotteryOdds,
  type LotteryPrizeMode,
} from '@parlay/fairness';
import type { FastifyBaseLogger } from 'fastify';
import type { HouseConfig, LotteryConfig } from '../config';
import { realClock, type CrashClock } from '../crash/crash-shared';
import { HouseError, refusalCode, type Language } from '../errors';
import { findPlayerById, upsertPlayer } from '../players/players.repository';
import { toLanguage, type PlayersService } from '../players/players.service';
import { WalletRefusedError, type WalletClient } from '../wallet/wallet-client';
import { lotteryBoardInfo } from './lottery-board-info';
import { LotteryDraws } from './lottery-draws';
import {
  LOTTERY_GAMES,
  LOTTERY_GAME_CODES,
  isLotteryGameCode,
  type DrawResult,
  type LotteryGameCode,
} from './lottery-games';
import { findLotterySettings, isPrizeMode, type LotterySettings } from './lottery-settings';
import * as repository from './lottery.repository';
import type { DrawRecord, SlipBet, SlipRecord } from './lottery.repository';

/** A player of the lottery, from the platform's launch of the lottery vendor. */
export interface LotterySession {
  playerRef: number;
  playerId: string;
  currency: string;
  platformToken: string;
  brand: string;
  gameCode: LotteryGameCode;
  prizeMode: LotteryPrizeMode;
  language: Language;
}

export interface LaunchInput {
  sessionToken: string;
  playerId: string;
  gameCode: string;
  currency: string;
  language: string;
  brand?: string | undefined;
  prizeMode?: string | undefined;
  signature: string;
}

/** A draw as anyone may see it: the seed only once drawn. */
export interface DrawView {
  gameCode: string;
  drawNo: string;
  status: repository.DrawStatus;
  opensAt: string;
  closesAt: string;
  drawsAt: string;
  /** Null for a Vietnamese draw: its result is the state company's, entered and confirmed by operators. */
  seedHash: string | null;
  seed: string | null;
  result: DrawResult | null;
}

export interface SlipView {
  slipId: string;
  gameCode: string;
  drawNo: string;
  drawsAt: string;
  prizeMode: string;
  bets: { betType: string; selection: string[]; stakeMinor: number }[];
  stakeMinor: number;
  /** Known once the draw is drawn: the slip's whole payout (0 when it lost). */
  payoutMinor: number | null;
  /** `void`: the draw was voided and the stake refunded (or being refunded). */
  status: 'open' | 'settling' | 'settled' | 'void';
  result: DrawResult | null;
  createdAt: string;
  settledAt: string | null;
}

export const MAX_BETS_PER_SLIP = 50;
/** The player's slips a page: by default, and at most (`limit`). */
export const SLIPS_PAGE = 20;
export const SLIPS_PAGE_MAX = 50;
const RESULTS_PAGE = 20;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toDrawView(draw: DrawRecord): DrawView {
  const revealed = draw.status === 'drawn' || draw.status === 'settled';
  return {
    gameCode: draw.gameCode,
    drawNo: draw.drawNo,
    status: draw.status,
    opensAt: iso(draw.opensAt),
    closesAt: iso(draw.closesAt),
    drawsAt: iso(draw.drawsAt),
    seedHash: draw.seedHash,
    seed: revealed ? draw.seed : null,
    result: revealed ? draw.result : null,
  };
}

/** The entries of an odds table a bet type is paid from: its own key and its `type:...` keys. */
function oddsOfBetType(odds: LotteryOdds, betType: string): Record<string, number> {
  return Object.fromEntries(Object.entries(odds).filter(([key]) => key === betType || key.startsWith(`${betType}:`)));
}

/**
 * The lottery vendor (docs/decisions/0070-lottery-vendor.md): its players' sessions, the games with their next
 * draw, slips placed and debited, the players' slips and the public results. The draw loop (lottery-draws.ts)
 * schedules, draws and settles.
 */
export class LotteryService {
  readonly clock: CrashClock;
  readonly draws: LotteryDraws;

  constructor(
    private readonly config: HouseConfig,
    private readonly lottery: LotteryConfig,
    private readonly wallet: WalletClient,
    private readonly players: PlayersService,
    log: FastifyBaseLogger,
  ) {
    this.clock = lottery.clock ?? realClock;
    this.draws = new LotteryDraws(config, lottery, wallet, this.clock, log);
  }

  private get db() {
    return this.config.database.db;
  }

  async start(): Promise<void> {
    await this.draws.start();
  }

  async stop(): Promise<void> {
    await this.draws.stop();
  }

  /**
   * Opens a lottery session from the platform's launch of the lottery vendor, signed with the lottery's own
   * wallet secret; the platform vouches for the launch token by answering a balance call with it.
   */
  async openSession(
    input: LaunchInput,
    signed: Readonly<Record<string, string>>,
  ): Promise<{ token: string; balanceMinor: number; session: LotterySession }> {
    if (!isLotteryGameCode(input.gameCode)) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'gameCode' });
    const prizeMode = input.prizeMode ?? 'Lott';
    if (!isPrizeMode(prizeMode)) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'prizeMode' });
    const expected = createHmac('sha256', this.lottery.vendorSecret).update(launchSigningText(signed)).digest();
    const given = Buffer.from(input.signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HouseError('HOUSE_LAUNCH_REFUSED', { reason: 'signature' });
    let balance: { balanceMinor: number };
    try {
      balance = await this.wallet.balance({
        playerId: input.playerId,
        currency: input.currency,
        sessionToken: input.sessionToken,
      });
    } catch (error) {
      if (error instanceof WalletRefusedError) throw new HouseError('HOUSE_LAUNCH_REFUSED', { code: error.code });
      throw new HouseError('HOUSE_WALLET_UNAVAILABLE');
    }
    // The house's player row (its seeds serve the house games only): the slips refer to it.
    const serverSeed = createServerSeed();
    const player = await upsertPlayer(this.db, {
      playerId: input.playerId,
      currency: input.currency,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: createClientSeed(),
    });
    const token = randomBytes(32).toString('base64url');
    const language = toLanguage(input.language);
    const brand = input.brand ?? '*';
    await repository.insertSession(this.db, {
      tokenHash: hashToken(token),
      playerRef: player.id,
      platformToken: input.sessionToken,
      brand,
      gameCode: input.gameCode,
      prizeMode,
      language,
      expiresAt: new Date(Date.now() + this.config.sessionTtlMs),
    });
    return {
      token,
      balanceMinor: balance.balanceMinor,
      session: {
        playerRef: player.id,
        playerId: player.playerId,
        currency: player.currency,
        platformToken: input.sessionToken,
        brand,
        gameCode: input.gameCode,
        prizeMode,
        language,
      },
    };
  }

  async authenticate(token: string | undefined): Promise<LotterySession> {
    if (!token) throw new HouseError('HOUSE_SESSION_INVALID');
    const session = await repository.findSession(this.db, hashToken(token));
    if (!session || !isLotteryGameCode(session.gameCode) || !isPrizeMode(session.prizeMode))
      throw new HouseError('HOUSE_SESSION_INVALID');
    const player = await findPlayerById(this.db, session.playerRef);
    if (!player) throw new HouseError('HOUSE_SESSION_INVALID');
    return {
      playerRef: player.id,
      playerId: player.playerId,
      currency: player.currency,
      platformToken: session.platformToken,
      brand: session.brand,
      gameCode: session.gameCode,
      prizeMode: session.prizeMode,
      language: toLanguage(session.language),
    };
  }

  async getBalance(session: LotterySession): Promise<number> {
    try {
      const balance = await this.wallet.balance({
        playerId: session.playerId,
        currency: session.currency,
        sessionToken: session.platformToken,
      });
      return balance.balanceMinor;
    } catch (error) {
      if (error instanceof WalletRefusedError) throw new HouseError('HOUSE_SESSION_INVALID');
      throw new HouseError('HOUSE_WALLET_UNAVAILABLE');
    }
  }

  /** When the brand's players stop betting on a draw: its own close, or earlier if the brand's settings say. */
  private closesAtFor(draw: DrawRecord, settings: LotterySettings): number {
    return Math.min(draw.closesAt, draw.drawsAt - settings.closeSeconds * 1000);
  }

  /**
   * Every game with the draw taking bets now (its number, closing and draw times, seed hash), the last result,
   * the odds of the session's prize mode and the stake limits; `serverTime` for the countdown, on the vendor's
   * clock.
   */
  async listGames(session: LotterySession) {
    const now = this.clock.now();
    const games = await Promise.all(
      LOTTERY_GAME_CODES.map(async (gameCode) => {
        const game = LOTTERY_GAMES[gameCode];
        const [settings, limits, current, [last]] = await Promise.all([
          findLotterySettings(this.db, session.brand, gameCode),
          this.players.getLimits(session.brand, session.currency, gameCode),
          repository.findCurrentDraw(this.db, gameCode, now),
          repository.findResults(this.db, gameCode, 1, null),
        ]);
        const open = current && this.closesAtFor(current, settings) > now ? current : undefined;
        return {
          gameCode,
          name: game.name,
          family: game.rules.family,
          intervalMinutes: game.intervalMinutes,
          enabled: settings.enabled,
          betTypes: game.betTypes,
          // Each bet type's count and digits, and the game's region: what the frame's regional board is drawn from.
          ...lotteryBoardInfo(game),
          odds: settings.odds[session.prizeMode],
          limits: { minBetMinor: limits.minBetMinor, maxBetMinor: limits.maxBetMinor },
          nextDraw: open
            ? {
                ...toDrawView(open),
                closesAt: iso(this.closesAtFor(open, settings)),
              }
            : null,
          lastDraw: last ? toDrawView(last) : null,
        };
      }),
    );
    return { serverTime: iso(now), prizeMode: session.prizeMode, currency: session.currency, games };
  }

  /**
   * Places a slip of one or more bets on a draw: each bet checked by its family's rules and the brand's stake
   * limits; the slip written with its exposure in one transaction (refused past the brand's liability limit, or
   * once the draw has closed on the vendor's clock); then its stake debited, the slip's id its key. A refused
   * debit cancels the slip and gives its exposure back; a debit without an answer is rolled back.
   */
  async placeSlip(
    session: LotterySession,
    input: { gameCode: string; drawNo: string; bets: LotteryBet[] },
  ): Promise<{ slip: SlipView; balanceMinor: number }> {
    if (!isLotteryGameCode(input.gameCode)) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'gameCode' });
    const gameCode = input.gameCode;
    const { rules } = LOTTERY_GAMES[gameCode];
    if (input.bets.length === 0 || input.bets.length > MAX_BETS_PER_SLIP)
      throw new HouseError('HOUSE_BAD_REQUEST', { field: 'bets' });
    const settings = await findLotterySettings(this.db, session.brand, gameCode);
    if (!settings.enabled) throw new HouseError('LOTTERY_GAME_DISABLED');
    const odds = settings.odds[session.prizeMode];
    const limits = await this.players.getLimits(session.brand, session.currency, gameCode);
    const bets: SlipBet[] = [];
    const exposure = new Map<string, number>();
    for (const [index, bet] of input.bets.entries()) {
      // A Vietnamese draw takes its own region's bet types only (their odds depend on its count of prizes).
      const refusal = LOTTERY_GAMES[gameCode].betTypes.includes(bet.betType)
        ? rules.checkBet(bet, odds)
        : 'UNKNOWN_BET_TYPE';
      if (refusal) throw new HouseError('LOTTERY_BET_INVALID', { index, reason: refusal });
      if (bet.stakeMinor < limits.minBetMinor || bet.stakeMinor > limits.maxBetMinor) {
        throw new HouseError('HOUSE_BET_OUT_OF_LIMITS', {
          index,
          minBetMinor: limits.minBetMinor,
          maxBetMinor: limits.maxBetMinor,
        });
      }
      const kept: SlipBet = {
        betType: bet.betType,
        selection: [...bet.selection],
        stakeMinor: bet.stakeMinor,
        odds: oddsOfBetType(odds, bet.betType),
      };
      bets.push(kept);
      for (const { key, payoutMinor } of rules.exposure(kept, kept.odds)) {
        exposure.set(key, (exposure.get(key) ?? 0) + payoutMinor);
      }
    }
    const stakeMinor = bets.reduce((sum, bet) => sum + bet.stakeMinor, 0);
    if (!Number.isSafeInteger(stakeMinor)) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'bets' });
    const found = await repository.findDraw(this.db, gameCode, input.drawNo);
    if (!found) throw new HouseError('LOTTERY_DRAW_NOT_FOUND');

    const slip = await this.db.transaction(async (tx) => {
      const draw = await repository.lockDrawForSlip(tx, found.id);
      // The vendor's clock decides, read once the draw row is held: the leader's close waits for this slip.
      const now = this.clock.now();
      if (!draw || (draw.status !== 'scheduled' && draw.status !== 'open') || now >= this.closesAtFor(draw, settings))
        throw new HouseError('LOTTERY_DRAW_CLOSED', { drawNo: input.drawNo });
      if (now < draw.opensAt) throw new HouseError('LOTTERY_DRAW_NOT_OPEN', { opensAt: iso(draw.opensAt) });
      const written = await repository.insertSlip(tx, {
        slipId: `ls-${randomUUID()}`,
        drawId: draw.id,
        gameCode,
        playerRef: session.playerRef,
        playerId: session.playerId,
        platformToken: session.platformToken,
        brand: session.brand,
        currency: session.currency,
        prizeMode: session.prizeMode,
        bets,
        stakeMinor,
      });
      const refusedKey = await repository.holdExposure(
        tx,
        { drawId: draw.id, brand: session.brand, currency: session.currency },
        exposure,
        settings.maxLiabilityMinor,
      );
      // Thrown inside the transaction: the slip and the exposure already added go back with it.
      if (refusedKey !== null) throw new HouseError('LOTTERY_LIABILITY_LIMIT', { key: refusedKey });
      return written;
    });

    try {
      const debit = await this.wallet.debit({
        playerId: slip.playerId,
        currency: slip.currency,
        sessionToken: slip.platformToken,
        transactionId: slip.slipId,
        roundId: slip.slipId,
        gameCode,
        amountMinor: stakeMinor,
      });
      const placed = await repository.moveSlip(this.db, slip.slipId, ['debiting'], 'placed');
      // Only if the recovery took the slip for unanswered meanwhile (twice the wallet's timeout): it rolls it back.
      if (!placed) throw new HouseError('HOUSE_WALLET_UNAVAILABLE');
      return { slip: await this.toSlipView(placed), balanceMinor: debit.balanceMinor };
    } catch (error) {
      if (error instanceof WalletRefusedError) {
        // The platform answered no: nothing moved; the slip never was.
        await this.draws.cancelSlip(slip, ['debiting'], error.code);
        throw new HouseError(refusalCode(error.code), { code: error.code });
      }
      // No answer: the stake may have been taken. Roll it back (the platform remembers the id either way).
      const cancelling = await repository.moveSlip(
        this.db,
        slip.slipId,
        ['debiting'],
        'cancelling',
        'debit unanswered',
      );
      if (cancelling) await this.draws.rollBack(cancelling);
      throw new HouseError('HOUSE_WALLET_UNAVAILABLE');
    }
  }

  /**
   * The player's slips, newest first: `open` the ones waiting for their draw, `settled` the ones paid; a page of
   * `limit` (at most SLIPS_PAGE_MAX) placed before the slip `before` (the last one of the page before).
   */
  async listSlips(
    session: LotterySession,
    filter: {
      gameCode: LotteryGameCode | null;
      status: 'open' | 'settled' | null;
      before?: string | null;
      limit?: number;
    },
  ): Promise<SlipView[]> {
    const slips = await repository.findPlayerSlips(
      this.db,
      session.playerRef,
      {
        gameCode: filter.gameCode,
        open: filter.status === null ? null : filter.status === 'open',
        before: filter.before ?? null,
      },
      Math.min(filter.limit ?? SLIPS_PAGE, SLIPS_PAGE_MAX),
    );
    return slips.map((slip) => this.slipView(slip, slip.drawNo, slip.drawsAt, slip.result));
  }

  /** Drawn draws of a game, newest first, seeds revealed: public, so anyone can recompute them. */
  async listResults(gameCode: LotteryGameCode, before: number | null): Promise<DrawView[]> {
    return (await repository.findResults(this.db, gameCode, RESULTS_PAGE, before)).map(toDrawView);
  }

  /**
   * One draw's proof: its public record and, once drawn, the check anyone can repeat: the seed's SHA-256 is the
   * hash published before betting opened, and the numbers follow from the seed, the game and the draw number.
   */
  async drawProof(gameCode: LotteryGameCode, drawNo: string) {
    const draw = await repository.findDraw(this.db, gameCode, drawNo);
    if (!draw) throw new HouseError('LOTTERY_DRAW_NOT_FOUND');
    const view = toDrawView(draw);
    const drawFromSeed = LOTTERY_GAMES[gameCode].rules.draw;
    const recomputed = view.seed === null || !drawFromSeed ? null : drawFromSeed(view.seed, gameCode, drawNo);
    return {
      draw: view,
      algorithm: LOTTERY_DRAW_ALGORITHM,
      message: `${gameCode}:${drawNo}:<round>`,
      check:
        view.seed === null || recomputed === null
          ? null
          : {
              seedMatchesHash: hashServerSeed(view.seed) === view.seedHash,
              resultMatches: JSON.stringify(recomputed) === JSON.stringify(view.result),
            },
    };
  }

  private async toSlipView(slip: SlipRecord): Promise<SlipView> {
    const draw = await repository.findDrawById(this.db, slip.drawId);
    return this.slipView(slip, draw?.drawNo ?? '', draw?.drawsAt ?? 0, draw?.result ?? null);
  }

  private slipView(slip: SlipRecord, drawNo: string, drawsAt: number, result: DrawResult | null): SlipView {
    const status =
      slip.status === 'settled'
        ? 'settled'
        : slip.status === 'payout_due'
          ? 'settling'
          : slip.status === 'refunding' || slip.status === 'refunded'
            ? 'void'
            : ('open' as const);
    return {
      slipId: slip.slipId,
      gameCode: slip.gameCode,
      drawNo,
      drawsAt: iso(drawsAt),
      prizeMode: slip.prizeMode,
      bets: slip.bets.map(({ betType, selection, stakeMinor }) => ({ betType, selection, stakeMinor })),
      stakeMinor: slip.stakeMinor,
      payoutMinor: slip.payoutMinor,
      status,
      result: status === 'open' || status === 'void' ? null : result,
      createdAt: slip.createdAt,
      settledAt: slip.settledAt,
    };
  }
}
