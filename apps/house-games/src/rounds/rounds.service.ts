import { randomUUID } from 'node:crypto';
import {
  MINES_TILES,
  PAYLINES,
  diceHundredthsFromFloat,
  dropPlinko,
  FloatStream,
  limboHundredthsFromFloat,
  placeMines,
  playSlotRound,
  type RoundSeeds,
} from '@parlay/fairness';
import type { HouseConfig } from '../config';
import { HouseError, refusalCode } from '../errors';
import {
  assertLimboTarget,
  assertMineCount,
  assertPlinkoChoice,
  assertSlotStake,
  diceMultiplierX10000,
  diceWinningOutcomes,
  isDiceWin,
  minesMultiplierX10000,
  minesPayMinor,
  payByMultiplier,
  type DiceDirection,
  type GameCode,
} from '../games/rules';
import { findPlayerById, findRevealedSeed, takeNonce } from '../players/players.repository';
import type { HouseSession, PlayersService } from '../players/players.service';
import { WalletRefusedError, type WalletClient } from '../wallet/wallet-client';
import * as repository from './rounds.repository';
import type { RoundRecord, RoundState } from './rounds.repository';
import type { HouseOrigin } from '../catalogue';
import { verifierUrl } from '../verifier';

export const HISTORY_SIZE = 10;
/** How often a mines move is decided again when another request changed the round first (25 tiles at most). */
const MINES_MOVE_ATTEMPTS = 30;

export interface RoundView {
  roundId: string;
  gameCode: string;
  stakeMinor: number;
  winMinor: number | null;
  state: repository.RoundState;
  params: Record<string, unknown>;
  /** Hidden while a mines round is in play. */
  outcome: Record<string, unknown> | null;
  progress: Record<string, unknown> | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Known once the player has rotated the seed pair. */
  serverSeed: string | null;
  createdAt: string;
  settledAt: string | null;
}

/**
 * The verifier's address for a round (`{publicUrl}{basePath}/verify`): the game and its provably fair
 * inputs, with the server seed's hash in place of the seed. The verifier reads the seed by its hash once
 * the player has rotated the pair (`GET {basePath}/api/seeds/:serverSeedHash`), so the address stays good.
 */
export function verifyUrlOf(round: RoundRecord, origin: HouseOrigin): string {
  return verifierUrl(origin, {
    game: round.gameCode === 'lucky-parlay' ? 'slot' : round.gameCode,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    ...(typeof round.params.mines === 'number' ? { mines: String(round.params.mines) } : {}),
    ...(round.gameCode === 'plinko' ? { rows: String(round.params.rows), risk: String(round.params.risk) } : {}),
  });
}

/**
 * What the platform stores with the round's record so it can be replayed: the game, what was asked, what
 * came out, the provably fair inputs, and where to verify it. The server seed is not among them: it stays
 * secret until the player rotates the pair, and then the verifier checks the round from these.
 */
export function replayDetail(round: RoundRecord, origin: HouseOrigin): Record<string, unknown> {
  return {
    game: round.gameCode,
    params: round.params,
    outcome: round.outcome,
    ...(round.progress ? { progress: round.progress } : {}),
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    verifyUrl: verifyUrlOf(round, origin),
  };
}

export interface PlayResult {
  round: RoundView;
  /** The balance the platform reported after the last money move; null when the credit is still owed. */
  balanceMinor: number | null;
}

interface Decision {
  outcome: Record<string, unknown>;
  winMinor: number;
}

/** Dice, limbo, mines, plinko and the slot: each round a debit, then one credit that ends it. */
export class RoundsService {
  constructor(
    private readonly config: HouseConfig,
    private readonly wallet: WalletClient,
    private readonly players: PlayersService,
  ) {}

  private get db() {
    return this.config.database.db;
  }

  async playDice(
    session: HouseSession,
    input: { amountMinor: number; targetHundredths: number; direction: DiceDirection },
  ): Promise<PlayResult> {
    const outcomes = diceWinningOutcomes(input.targetHundredths, input.direction);
    const multiplierX10000 = diceMultiplierX10000(outcomes);
    return this.playInstant(
      session,
      'dice',
      input.amountMinor,
      { target: input.targetHundredths / 100, direction: input.direction, multiplier: multiplierX10000 / 10_000 },
      (seeds, stake) => {
        const roll = diceHundredthsFromFloat(new FloatStream(seeds).next());
        const win = isDiceWin(roll, input.targetHundredths, input.direction);
        return {
          outcome: { roll: roll / 100, win },
          winMinor: win ? payByMultiplier(stake, multiplierX10000, 10_000n) : 0,
        };
      },
    );
  }

  async playLimbo(session: HouseSession, input: { amountMinor: number; targetX100: number }): Promise<PlayResult> {
    assertLimboTarget(input.targetX100);
    return this.playInstant(session, 'limbo', input.amountMinor, { target: input.targetX100 / 100 }, (seeds, stake) => {
      const result = limboHundredthsFromFloat(new FloatStream(seeds).next());
      const win = result >= input.targetX100;
      return {
        outcome: { multiplier: result / 100, win },
        winMinor: win ? payByMultiplier(stake, input.targetX100, 100n) : 0,
      };
    });
  }

  /** Plinko: the ball's path from the round's floats, one a row; the bucket it lands in pays its multiplier. */
  async playPlinko(
    session: HouseSession,
    input: { amountMinor: number; rows: number; risk: string },
  ): Promise<PlayResult> {
    const { rows, risk } = input;
    assertPlinkoChoice(rows, risk);
    return this.playInstant(session, 'plinko', input.amountMinor, { rows, risk }, (seeds, stake) => {
      const drop = dropPlinko(seeds, rows, risk);
      return {
        outcome: { path: drop.path, bucket: drop.bucket, multiplier: drop.multiplierX10 / 10 },
        winMinor: payByMultiplier(stake, drop.multiplierX10, 10n),
      };
    });
  }

  async spinSlot(session: HouseSession, input: { amountMinor: number }): Promise<PlayResult> {
    assertSlotStake(input.amountMinor);
    return this.playInstant(session, 'lucky-parlay', input.amountMinor, { lines: PAYLINES }, (seeds, stake) => {
      const round = playSlotRound(seeds);
      return { outcome: { ...round }, winMinor: (round.totalUnits * stake) / PAYLINES };
    });
  }

  /** Mines: the stake is taken and the field laid; the player reveals tiles and cashes out at any time. */
  async startMines(session: HouseSession, input: { amountMinor: number; mines: number }): Promise<PlayResult> {
    assertMineCount(input.mines);
    // One round at a time: takeStake refuses a start while one is in play (onePerPlayer).
    const { round, balanceMinor } = await this.takeStake(
      session,
      'mines',
      input.amountMinor,
      { mines: input.mines },
      { onePerPlayer: true },
    );
    const mineTiles = placeMines(await this.seedsOf(round), input.mines);
    const opened = await repository.moveRound(this.db, round.roundId, ['debiting'], 'open', {
      outcome: { mineTiles },
      progress: { revealed: [], multiplier: 1 },
    });
    if (!opened) throw new HouseError('HOUSE_ROUND_CLOSED');
    return { round: await this.toView(opened), balanceMinor };
  }

  async revealMine(session: HouseSession, input: { roundId: string; tile: number }): Promise<PlayResult> {
    if (!Number.isInteger(input.tile) || input.tile < 0 || input.tile >= MINES_TILES)
      throw new HouseError('HOUSE_BAD_REQUEST', { field: 'tile' });
    return this.onOpenMinesRound(session, input.roundId, async (round, moveFrom) => {
      const mines = Number(round.params.mines);
      const mineTiles = (round.outcome?.mineTiles ?? []) as number[];
      const revealed = (round.progress?.revealed ?? []) as number[];
      if (revealed.includes(input.tile)) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'tile' });
      const nextRevealed = [...revealed, input.tile];
      if (mineTiles.includes(input.tile)) {
        const lost = await moveFrom('crediting', {
          winMinor: 0,
          progress: { revealed: nextRevealed, multiplier: 0, hitMine: input.tile },
        });
        return lost && this.settle(lost);
      }
      const safe = nextRevealed.length;
      const progress = { revealed: nextRevealed, multiplier: minesMultiplierX10000(mines, safe) / 10_000 };
      if (safe === MINES_TILES - mines) {
        // Every safe tile is open: nothing more to risk, the round cashes out by itself.
        const limits = await this.players.getLimits(round.brand, round.currency, 'mines');
        const won = await moveFrom('crediting', {
          winMinor: Math.min(minesPayMinor(round.stakeMinor, mines, safe), limits.maxWinMinor),
          progress,
        });
        return won && this.settle(won);
      }
      const updated = await moveFrom('open', { progress });
      return updated && { round: await this.toView(updated), balanceMinor: null };
    });
  }

  async cashOutMines(session: HouseSession, input: { roundId: string }): Promise<PlayResult> {
    return this.onOpenMinesRound(session, input.roundId, async (round, moveFrom) => {
      const revealed = (round.progress?.revealed ?? []) as number[];
      if (revealed.length === 0) throw new HouseError('HOUSE_NOTHING_TO_CASH_OUT');
      const limits = await this.players.getLimits(round.brand, round.currency, 'mines');
      const winMinor = Math.min(
        minesPayMinor(round.stakeMinor, Number(round.params.mines), revealed.length),
        limits.maxWinMinor,
      );
      const cashed = await moveFrom('crediting', { winMinor });
      return cashed && this.settle(cashed);
    });
  }

  /**
   * Decides a move of an open mines round on the round as read, and makes it only if the round's progress is
   * still what it was read with. A reveal or cash-out that another request got in before is decided again on
   * the newer round, so two reveals sent together both count, and a cash-out pays every tile revealed. The
   * answer (a settlement's credit included) comes only after the move was made.
   */
  private async onOpenMinesRound(
    session: HouseSession,
    roundId: string,
    decide: (
      round: RoundRecord,
      moveFrom: (
        to: RoundState,
        changes: Parameters<typeof repository.moveRound>[4],
      ) => Promise<RoundRecord | undefined>,
    ) => Promise<PlayResult | undefined>,
  ): Promise<PlayResult> {
    for (let attempt = 0; attempt < MINES_MOVE_ATTEMPTS; attempt += 1) {
      const round = await this.getOpenMinesRound(session, roundId);
      const answer = await decide(round, (to, changes) =>
        repository.moveRound(this.db, round.roundId, ['open'], to, changes, { progressWas: round.progress }),
      );
      // Undefined: the round moved on before this move was made; decide again on what it is now.
      if (answer) return answer;
    }
    throw new HouseError('HOUSE_ROUND_CLOSED');
  }

  async findOpenRound(session: HouseSession, gameCode: GameCode): Promise<RoundView | null> {
    const round = await repository.findOpenRound(this.db, session.playerRef, gameCode);
    return round ? this.toView(round) : null;
  }

  /** The last game and the nine before it. */
  async findHistory(session: HouseSession, gameCode: GameCode): Promise<RoundView[]> {
    const rounds = await repository.findRecentRounds(this.db, session.playerRef, gameCode, HISTORY_SIZE);
    return Promise.all(rounds.map((round) => this.toView(round)));
  }

  async getRound(session: HouseSession, roundId: string): Promise<RoundView> {
    const round = await repository.findRound(this.db, session.playerRef, roundId);
    if (!round) throw new HouseError('HOUSE_ROUND_NOT_FOUND');
    return this.toView(round);
  }

  /**
   * Finishes what a crash or an unreachable platform left: rolls back stakes whose debit has no answer,
   * pays owed credits, and settles mines rounds left open longer than the set time.
   */
  async recover(): Promise<{ rolledBack: number; credited: number; expired: number }> {
    const counts = { rolledBack: 0, credited: 0, expired: 0 };
    const inFlightMs = this.config.walletTimeoutMs * 2;
    for (const round of await repository.findStuckRounds(this.db, ['debiting'], inFlightMs, 100)) {
      const moved = await repository.moveRound(this.db, round.roundId, ['debiting'], 'cancelling', {
        failure: 'debit unanswered',
      });
      if (moved && (await this.cancel(moved))) counts.rolledBack += 1;
    }
    for (const round of await repository.findStuckRounds(this.db, ['cancelling'], 0, 100)) {
      if (await this.cancel(round)) counts.rolledBack += 1;
    }
    for (const round of await repository.findOwedRounds(this.db, inFlightMs, 100)) {
      if ((await this.settle(round).catch(() => null))?.balanceMinor !== null) counts.credited += 1;
    }
    for (const round of await repository.findStuckRounds(this.db, ['open'], this.config.unfinishedRoundTtlMs, 100)) {
      const revealed = (round.progress?.revealed ?? []) as number[];
      if (revealed.length === 0) {
        const moved = await repository.moveRound(this.db, round.roundId, ['open'], 'cancelling', {
          failure: 'expired before a tile',
        });
        if (moved && (await this.cancel(moved))) counts.expired += 1;
      } else {
        const limits = await this.players.getLimits(round.brand, round.currency, 'mines');
        const winMinor = Math.min(
          minesPayMinor(round.stakeMinor, Number(round.params.mines), revealed.length),
          limits.maxWinMinor,
        );
        const moved = await repository.moveRound(this.db, round.roundId, ['open'], 'crediting', {
          winMinor,
          failure: 'expired: cashed out',
        });
        if (moved && (await this.settle(moved).catch(() => null))?.balanceMinor !== null) counts.expired += 1;
      }
    }
    return counts;
  }

  private async playInstant(
    session: HouseSession,
    gameCode: GameCode,
    amountMinor: number,
    params: Record<string, unknown>,
    decide: (seeds: RoundSeeds, stakeMinor: number) => Decision,
  ): Promise<PlayResult> {
    const { round } = await this.takeStake(session, gameCode, amountMinor, params);
    const decision = decide(await this.seedsOf(round), round.stakeMinor);
    const limits = await this.players.getLimits(round.brand, round.currency, gameCode);
    const winMinor = Math.min(decision.winMinor, limits.maxWinMinor);
    const outcome = winMinor < decision.winMinor ? { ...decision.outcome, cappedAtMaxWin: true } : decision.outcome;
    const decided = await repository.moveRound(this.db, round.roundId, ['debiting'], 'crediting', {
      winMinor,
      outcome,
    });
    if (!decided) throw new HouseError('HOUSE_ROUND_CLOSED');
    return this.settle(decided);
  }

  /**
   * Checks the limits, takes a nonce and records the round, then debits the stake. With `onePerPlayer`
   * (mines), a round of the game still in play refuses the new one: the check runs after the nonce's
   * update has locked the player's row, so two starts sent together cannot both open a round.
   */
  private async takeStake(
    session: HouseSession,
    gameCode: GameCode,
    amountMinor: number,
    params: Record<string, unknown>,
    options: { onePerPlayer?: boolean } = {},
  ): Promise<{ round: RoundRecord; balanceMinor: number }> {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
      throw new HouseError('HOUSE_BAD_REQUEST', { field: 'amountMinor' });
    const limits = await this.players.getLimits(session.brand, session.currency, gameCode);
    if (amountMinor < limits.minBetMinor || amountMinor > limits.maxBetMinor) {
      throw new HouseError('HOUSE_BET_OUT_OF_LIMITS', {
        minBetMinor: limits.minBetMinor,
        maxBetMinor: limits.maxBetMinor,
      });
    }
    const round = await this.db.transaction(async (tx) => {
      const player = await takeNonce(tx, session.playerRef);
      if (options.onePerPlayer) {
        // Thrown inside the transaction: the nonce goes back with it.
        const inPlay = await repository.findOpenRound(tx, session.playerRef, gameCode, ['debiting', 'open']);
        if (inPlay) throw new HouseError('HOUSE_ROUND_OPEN', { roundId: inPlay.roundId });
      }
      return repository.insertRound(tx, {
        roundId: `hg-${randomUUID()}`,
        playerRef: player.id,
        playerId: player.playerId,
        platformToken: session.platformToken,
        gameCode,
        currency: player.currency,
        brand: session.brand,
        stakeMinor: amountMinor,
        serverSeedHash: player.serverSeedHash,
        clientSeed: player.clientSeed,
        nonce: player.nextNonce,
        params,
      });
    });
    try {
      const debit = await this.wallet.debit({
        playerId: round.playerId,
        currency: round.currency,
        sessionToken: round.platformToken,
        transactionId: `${round.roundId}.d`,
        roundId: round.roundId,
        gameCode,
        amountMinor,
      });
      return { round, balanceMinor: debit.balanceMinor };
    } catch (error) {
      if (error instanceof WalletRefusedError) {
        // The platform answered no: nothing moved, the round never started.
        await repository.moveRound(this.db, round.roundId, ['debiting'], 'cancelled', { failure: error.code });
        throw new HouseError(refusalCode(error.code), { code: error.code });
      }
      // No answer: the stake may have been taken. Roll it back (the platform remembers the id either way).
      const cancelling = await repository.moveRound(this.db, round.roundId, ['debiting'], 'cancelling', {
        failure: 'debit unanswered',
      });
      if (cancelling) await this.cancel(cancelling);
      throw new HouseError('HOUSE_WALLET_UNAVAILABLE');
    }
  }

  /** Pays the decided win (0 for a loss) and ends the round; the credit is retried until confirmed. */
  private async settle(round: RoundRecord): Promise<PlayResult> {
    try {
      const credit = await this.wallet.credit({
        playerId: round.playerId,
        currency: round.currency,
        transactionId: `${round.roundId}.c`,
        roundId: round.roundId,
        gameCode: round.gameCode,
        amountMinor: round.winMinor ?? 0,
        roundEnded: true,
        detail: replayDetail(round, this.config),
      });
      // Another instance's recovery may have settled it meanwhile: then the round as it now stands.
      const settled =
        (await repository.moveRound(this.db, round.roundId, ['crediting'], 'settled')) ??
        (await repository.findRound(this.db, round.playerRef, round.roundId));
      return { round: await this.toView(settled ?? round), balanceMinor: credit.balanceMinor };
    } catch (error) {
      // The win is decided and owed: the recovery job keeps crediting it until the platform confirms.
      await repository.moveRound(this.db, round.roundId, ['crediting'], 'crediting', {
        failure: error instanceof Error ? error.message.slice(0, 200) : 'credit failed',
      });
      return { round: await this.toView(round), balanceMinor: null };
    }
  }

  private async cancel(round: RoundRecord): Promise<boolean> {
    try {
      await this.wallet.rollback({
        playerId: round.playerId,
        currency: round.currency,
        transactionId: `${round.roundId}.d`,
        roundId: round.roundId,
        gameCode: round.gameCode,
      });
      return (await repository.moveRound(this.db, round.roundId, ['cancelling'], 'cancelled')) !== undefined;
    } catch {
      return false;
    }
  }

  private async getOpenMinesRound(session: HouseSession, roundId: string): Promise<RoundRecord> {
    const round = await repository.findRound(this.db, session.playerRef, roundId);
    if (!round || round.gameCode !== 'mines') throw new HouseError('HOUSE_ROUND_NOT_FOUND');
    if (round.state !== 'open') throw new HouseError('HOUSE_ROUND_CLOSED');
    return round;
  }

  private async seedsOf(round: RoundRecord): Promise<RoundSeeds> {
    const player = await findPlayerById(this.db, round.playerRef);
    // The round was recorded under the active pair; the server seed is the player's current one or revealed.
    const serverSeed =
      player && player.serverSeedHash === round.serverSeedHash
        ? player.serverSeed
        : await findRevealedSeed(this.db, round.serverSeedHash);
    if (!serverSeed) throw new Error(`server seed of round ${round.roundId} is missing`);
    return { serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
  }

  private async toView(round: RoundRecord): Promise<RoundView> {
    const isFinished = round.state === 'settled' || round.state === 'cancelled' || round.state === 'crediting';
    return {
      roundId: round.roundId,
      gameCode: round.gameCode,
      stakeMinor: round.stakeMinor,
      winMinor: round.winMinor,
      state: round.state,
      params: round.params,
      outcome: round.gameCode === 'mines' && !isFinished ? null : round.outcome,
      progress: round.progress,
      serverSeedHash: round.serverSeedHash,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
      serverSeed: (await findRevealedSeed(this.db, round.serverSeedHash)) ?? null,
      createdAt: round.createdAt,
      settledAt: round.settledAt,
    };
  }
}
