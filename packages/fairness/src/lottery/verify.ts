import type { HmacSha256 } from '../random';
import { hashServerSeed } from '../seeds';
import { LOTTERY_DRAW_ALGORITHM, type LotteryDrawInput } from './draw';
import { drawFast, FAST_GAME_CODES } from './fast';
import { drawKeno, KENO_GAME_CODE } from './keno';

// What the verifier page and `npm run verify -- lottery` show of a fast or e-lottery draw
// (docs/product/lottery.md#draws-and-fairness): the seed's hash, to compare with the one published before betting
// opened, and the numbers recomputed from the seed and the draw's identity. The Vietnamese draws are not ours to draw,
// so there is nothing to recompute for them.

export const LOTTERY_VERIFIABLE_GAMES = [...FAST_GAME_CODES, KENO_GAME_CODE] as const;
export type LotteryVerifiableGame = (typeof LOTTERY_VERIFIABLE_GAMES)[number];

export function isLotteryVerifiableGame(gameCode: string): gameCode is LotteryVerifiableGame {
  return (LOTTERY_VERIFIABLE_GAMES as readonly string[]).includes(gameCode);
}

export interface LotteryVerification {
  algorithm: typeof LOTTERY_DRAW_ALGORITHM;
  gameCode: LotteryVerifiableGame;
  drawNo: string;
  seedHash: string;
  /** A fast draw's five digits by position, or the e-lottery's 20 numbers in the order drawn. */
  numbers: number[];
}

/** The draw's numbers from its public inputs (a RangeError for a game we do not draw). */
export function lotteryDrawNumbers(input: LotteryDrawInput, mac?: HmacSha256): number[] {
  if (input.gameCode === KENO_GAME_CODE) return drawKeno(input, mac).numbers;
  if (isLotteryVerifiableGame(input.gameCode)) return drawFast(input, mac).digits;
  throw new RangeError(`not a drawn lottery game: ${input.gameCode} (one of ${LOTTERY_VERIFIABLE_GAMES.join(', ')})`);
}

export function verifyLotteryDraw(input: LotteryDrawInput, mac?: HmacSha256): LotteryVerification {
  const numbers = lotteryDrawNumbers(input, mac);
  return {
    algorithm: LOTTERY_DRAW_ALGORITHM,
    gameCode: input.gameCode as LotteryVerifiableGame,
    drawNo: input.drawNo,
    seedHash: hashServerSeed(input.seed),
    numbers,
  };
}

/** A published draw: its revealed seed, the hash shown before betting, and the numbers it announced. */
export interface LotteryDrawProof {
  seed: string;
  seedHash: string;
  gameCode: string;
  drawNo: string;
  numbers: readonly number[];
}

/**
 * Whether a published draw is the one its seed makes: the seed hashes to the published hash and gives the published
 * numbers (a fast draw's by position; the e-lottery's in any order, as no bet depends on the order drawn).
 */
export function lotteryProofMatches(proof: LotteryDrawProof, verification: LotteryVerification): boolean {
  const inOrder = (numbers: readonly number[]) =>
    verification.gameCode === KENO_GAME_CODE ? [...numbers].sort((a, b) => a - b) : [...numbers];
  return (
    verification.seedHash === proof.seedHash.toLowerCase() &&
    JSON.stringify(inOrder(proof.numbers)) === JSON.stringify(inOrder(verification.numbers))
  );
}
