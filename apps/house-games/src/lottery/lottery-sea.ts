import { createHash } from 'node:crypto';
import {
  SEA_PRIZE_TIERS,
  SEA_TIER_COUNTS,
  checkSeaResult,
  type SeaOperator,
  type SeaPrizeTier,
  type SeaResult,
} from '@parlay/fairness';
import type { HouseExecutor } from '../db/database';
import { HouseError } from '../errors';
import { SEA_GAME_CODES, findSeaGame, vnDrawDate } from './lottery-games';
import {
  confirmResult,
  enterFromFeed,
  enterResult,
  findAwaiting,
  personOrThrow,
  type DrawRef,
  type EntryView,
  type PublishedDraw,
  type ResultKind,
} from './lottery-regional';
import type { DrawRecord } from './lottery.repository';

// The SEA 4D draws' results (docs/product/lottery.md#sea-lottery-4d): Magnum, Sports Toto, Da Ma Cai and Singapore
// Pools draw them, not us. As for the Vietnamese draws (lottery-regional.ts): an operator or the results feed enters
// a draw's 23 numbers, checked by checkSeaResult and against the draw's operator and date; a second operator
// confirms; the loop settles its slips. The refusals are the Vietnamese draws' codes (LOTTERY_VN_RESULT_INVALID, ...),
// whose messages name no region, and LOTTERY_NOT_SEA_GAME.

/** A SEA draw past its time whose result is not published yet. */
export interface SeaDrawAwaitingResult {
  gameCode: string;
  drawNo: string;
  operator: SeaOperator;
  /** The draw's local date (UTC+8), YYYY-MM-DD. */
  date: string;
  drawsAt: string;
  entry: EntryView<SeaResult> | null;
}

/** The result as stored: its operator, date and the five tiers in their order, nothing else. */
function canonical(result: SeaResult): SeaResult {
  const prizes: Partial<Record<SeaPrizeTier, string[]>> = {};
  for (const tier of SEA_PRIZE_TIERS) prizes[tier] = [...result.prizes[tier]];
  return { operator: result.operator, date: result.date, prizes: prizes as SeaResult['prizes'] };
}

/** The result checked for its shape and against the draw it is entered for; answered canonical. */
function checkedResult(draw: DrawRecord, input: unknown): SeaResult {
  if (typeof input !== 'object' || input === null || typeof (input as SeaResult).prizes !== 'object')
    throw new HouseError('LOTTERY_VN_RESULT_INVALID', { code: 'PRIZE_COUNT' });
  const result = input as SeaResult;
  const refusal = checkSeaResult(result);
  if (refusal) throw new HouseError('LOTTERY_VN_RESULT_INVALID', refusal);
  const { sea } = findSeaGame(draw.gameCode)!;
  const date = vnDrawDate(draw.drawNo);
  if (result.operator !== sea.operator || result.date !== date)
    throw new HouseError('LOTTERY_VN_RESULT_MISMATCH', { operator: sea.operator, date });
  return canonical(result);
}

const SEA_KIND: ResultKind<SeaResult> = {
  actions: { entered: 'sea_result_entered', confirmed: 'sea_result_confirmed' },
  notOfKind: 'LOTTERY_NOT_SEA_GAME',
  gameCodes: SEA_GAME_CODES,
  checked: checkedResult,
  canonical: (stored) => canonical(stored as SeaResult),
};

/**
 * Enters a SEA draw's result, to be confirmed by another operator: checked by checkSeaResult
 * (LOTTERY_VN_RESULT_INVALID, its detail `{code, tier?, index?}`) and against the draw's operator and date
 * (LOTTERY_VN_RESULT_MISMATCH); an entry not confirmed yet is replaced. The other refusals are enterVnResult's, and
 * LOTTERY_NOT_SEA_GAME. Recorded in house.lottery_draw_actions (`sea_result_entered`).
 */
export async function enterSeaResult(
  db: HouseExecutor,
  input: DrawRef & { result: SeaResult; operatorId: string; now?: number },
): Promise<EntryView<SeaResult>> {
  const operatorId = personOrThrow(input.operatorId);
  return enterResult(db, SEA_KIND, { ...input, operatorId, now: input.now ?? Date.now() });
}

/**
 * Confirms the result entered for a SEA draw and publishes it (the draw `drawn`, written once; the loop settles its
 * slips by seaRules.settle at the odds each bet was placed at). As confirmVnResult: another operator than the one
 * who entered it, the entry's `version` or the `result` typed again.
 */
export async function confirmSeaResult(
  db: HouseExecutor,
  input: DrawRef & { operatorId: string; version?: number; result?: SeaResult; now?: number },
): Promise<PublishedDraw<SeaResult>> {
  const operatorId = personOrThrow(input.operatorId);
  return confirmResult(db, SEA_KIND, { ...input, operatorId, now: input.now ?? Date.now() });
}

/** The SEA draws past their time whose result is not published, oldest first, with the entry waiting. */
export async function listSeaDrawsAwaitingResult(
  db: HouseExecutor,
  options: { now?: number; limit?: number } = {},
): Promise<SeaDrawAwaitingResult[]> {
  const draws = await findAwaiting(db, SEA_KIND, options);
  return draws.map((draw) => ({
    gameCode: draw.gameCode,
    drawNo: draw.drawNo,
    operator: findSeaGame(draw.gameCode)!.sea.operator,
    date: vnDrawDate(draw.drawNo),
    drawsAt: new Date(draw.drawsAt).toISOString(),
    entry: draw.entry,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Results feeds

/** Which result a feed is asked for: an operator's draw on a local date. */
export interface SeaResultQuery {
  operator: SeaOperator;
  date: string;
}

/**
 * SANDBOX: NOT REAL RESULTS. The demo feed's SEA answer: 23 four-digit numbers whose digits are the SHA-256 of the
 * operator, the date, the tier and the number's place, so the same draw always gets the same numbers. Never
 * configured where real money is bet.
 */
export function sandboxSeaResult(query: SeaResultQuery): SeaResult {
  const prizes: Partial<Record<SeaPrizeTier, string[]>> = {};
  for (const tier of SEA_PRIZE_TIERS) {
    prizes[tier] = Array.from({ length: SEA_TIER_COUNTS[tier] }, (_, index) => {
      const hash = createHash('sha256')
        .update(`parlay-sandbox-sea:${query.operator}:${query.date}:${tier}:${index}`)
        .digest();
      return Array.from(hash.subarray(0, 4), (byte) => String(byte % 10)).join('');
    });
  }
  return { operator: query.operator, date: query.date, prizes: prizes as SeaResult['prizes'] };
}

/**
 * Enters `fetch`'s answer for every SEA draw past its time with no entry yet, as the operator `feed` (an operator
 * then confirms it). Called with the Vietnamese draws' (enterVnResultsFromFeed) when the feed reads SEA results.
 */
export function enterSeaResultsFromFeed(
  db: HouseExecutor,
  fetch: (query: SeaResultQuery) => Promise<SeaResult | null>,
  now: number,
): Promise<{ entered: DrawRef[]; refused: (DrawRef & { code: string })[] }> {
  return enterFromFeed(db, SEA_KIND, now, (draw) =>
    fetch({ operator: findSeaGame(draw.gameCode)!.sea.operator, date: vnDrawDate(draw.drawNo) }),
  );
}
