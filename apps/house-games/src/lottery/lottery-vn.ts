import { createHash } from 'node:crypto';
import {
  VN_PRIZE_SHAPES,
  VN_PRIZE_TIERS,
  checkVnResult,
  type SeaResult,
  type VnPrizeTier,
  type VnRegion,
  type VnResult,
} from '@parlay/fairness';
import type { HouseExecutor } from '../db/database';
import { HouseError } from '../errors';
import { findVnGame, VN_GAME_CODES, vnDrawDate } from './lottery-games';
import {
  confirmResult,
  enterFromFeed,
  enterResult,
  FEED_OPERATOR,
  findAwaiting,
  personOrThrow,
  type EntryView,
  type PublishedDraw,
  type ResultKind,
} from './lottery-regional';
import { enterSeaResultsFromFeed, sandboxSeaResult, type SeaResultQuery } from './lottery-sea';
import type { DrawRecord } from './lottery.repository';

// The Vietnamese regional draws' results (docs/decisions/0070-lottery-vendor.md, "As built: the Vietnamese regional
// draws"): we do not draw them. An operator (or the results feed, as the operator `feed`) enters a draw's result,
// checked by checkVnResult; a second, different operator confirms it; only then is it published on the draw
// (status drawn, written once) and the draw loop settles the draw's slips as any other's. These functions work on
// the database alone: the platform's back office calls them over the same database, as it does setHouseLimits. The
// entry and confirmation are shared with the SEA draws (lottery-regional.ts); this file is the Vietnamese kind.

/** The operator id a results feed enters under; no person may use it. */
export const VN_FEED_OPERATOR = FEED_OPERATOR;

/** Which draw: its game (`VN_MB`, `VN_MN_HCM`, ...) and number (`20261129-0001`). */
export interface VnDrawRef {
  gameCode: string;
  drawNo: string;
}

/** A result entered and waiting for its confirmation (or confirmed, once published). */
export type VnEntryView = EntryView<VnResult>;

/** A Vietnamese draw past its time whose result is not published yet. */
export interface VnDrawAwaitingResult {
  gameCode: string;
  drawNo: string;
  region: VnRegion;
  province: string;
  /** The draw's date in Vietnam, YYYY-MM-DD. */
  date: string;
  drawsAt: string;
  entry: VnEntryView | null;
}

/** A draw as an operator sees it once its result is published. */
export type VnPublishedDraw = PublishedDraw<VnResult>;

/**
 * The result as stored: its region, company, date and every tier of its region in the order of VN_PRIZE_TIERS
 * (the north's empty eighth left out), nothing else; so that two entries of the same numbers compare equal.
 */
function canonical(result: VnResult): VnResult {
  const shapes = VN_PRIZE_SHAPES[result.region];
  const prizes: Partial<Record<VnPrizeTier, string[]>> = {};
  for (const tier of VN_PRIZE_TIERS) if (shapes[tier].count > 0) prizes[tier] = [...result.prizes[tier]!];
  return { region: result.region, province: result.province, date: result.date, prizes };
}

/** The result checked for its region's shape and against the draw it is entered for; answered canonical. */
function checkedResult(draw: DrawRecord, input: unknown): VnResult {
  if (typeof input !== 'object' || input === null || typeof (input as VnResult).prizes !== 'object')
    throw new HouseError('LOTTERY_VN_RESULT_INVALID', { code: 'PRIZE_COUNT' });
  const result = input as VnResult;
  const refusal = checkVnResult(result);
  if (refusal) throw new HouseError('LOTTERY_VN_RESULT_INVALID', refusal);
  const { vn } = findVnGame(draw.gameCode)!;
  if (result.region !== vn.region || result.province !== vn.province || result.date !== vnDrawDate(draw.drawNo))
    throw new HouseError('LOTTERY_VN_RESULT_MISMATCH', {
      region: vn.region,
      province: vn.province,
      date: vnDrawDate(draw.drawNo),
    });
  return canonical(result);
}

/** The Vietnamese draws' results: their games, checked by checkVnResult and against the draw's company and date. */
const VN_KIND: ResultKind<VnResult> = {
  actions: { entered: 'vn_result_entered', confirmed: 'vn_result_confirmed' },
  notOfKind: 'LOTTERY_NOT_VN_GAME',
  gameCodes: VN_GAME_CODES,
  checked: checkedResult,
  canonical: (stored) => canonical(stored as VnResult),
};

/**
 * Enters a Vietnamese draw's result, to be confirmed by another operator: checked by checkVnResult
 * (LOTTERY_VN_RESULT_INVALID, its detail `{code, tier?, index?}` pointing at the number) and against the draw's
 * company, region and date (LOTTERY_VN_RESULT_MISMATCH). An entry not confirmed yet is replaced (its version moves
 * on); once published, LOTTERY_VN_RESULT_PUBLISHED. Also LOTTERY_NOT_VN_GAME, LOTTERY_DRAW_NOT_FOUND,
 * LOTTERY_DRAW_VOID, LOTTERY_VN_NOT_DRAWN_YET (before the draw's time). Recorded in house.lottery_draw_actions.
 */
export async function enterVnResult(
  db: HouseExecutor,
  input: VnDrawRef & { result: VnResult; operatorId: string; now?: number },
): Promise<VnEntryView> {
  const operatorId = personOrThrow(input.operatorId);
  return enterResult(db, VN_KIND, { ...input, operatorId, now: input.now ?? Date.now() });
}

/**
 * Confirms the result entered for a Vietnamese draw and publishes it: the draw `drawn` with that result, written
 * once; the draw loop then settles its slips (each bet's payout by vnRules.settle at the odds it was placed at).
 * The confirming operator must not be the one who entered it (LOTTERY_VN_SAME_OPERATOR). With `version` (the
 * entry the operator looked at) or `result` (the result typed again), a different entry is LOTTERY_VN_ENTRY_CHANGED
 * and nothing is published. LOTTERY_VN_NO_ENTRY without an entry; the refusals of enterVnResult for the draw.
 */
export async function confirmVnResult(
  db: HouseExecutor,
  input: VnDrawRef & { operatorId: string; version?: number; result?: VnResult; now?: number },
): Promise<VnPublishedDraw> {
  const operatorId = personOrThrow(input.operatorId);
  return confirmResult(db, VN_KIND, { ...input, operatorId, now: input.now ?? Date.now() });
}

/** The Vietnamese draws past their time whose result is not published, oldest first, with the entry waiting. */
export async function listVnDrawsAwaitingResult(
  db: HouseExecutor,
  options: { now?: number; limit?: number } = {},
): Promise<VnDrawAwaitingResult[]> {
  const draws = await findAwaiting(db, VN_KIND, options);
  return draws.map((draw) => {
    const { vn } = findVnGame(draw.gameCode)!;
    return {
      gameCode: draw.gameCode,
      drawNo: draw.drawNo,
      region: vn.region,
      province: vn.province,
      date: vnDrawDate(draw.drawNo),
      drawsAt: new Date(draw.drawsAt).toISOString(),
      entry: draw.entry,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Results feeds

/** Which result a feed is asked for: a company's draw on a date in Vietnam. */
export interface VnResultQuery {
  region: VnRegion;
  province: string;
  date: string;
}

/**
 * A results feed's adapter: the company's published result of a date, or null while it has none (not drawn yet,
 * not published). Whatever it answers is checked as an operator's entry is, and still confirmed by an operator.
 */
export interface VnResultsFeed {
  readonly name: string;
  fetchResult(query: VnResultQuery): Promise<VnResult | null>;
  /** The SEA draws' results too, when the feed reads them (lottery-sea.ts): the same rules. */
  fetchSeaResult?(query: SeaResultQuery): Promise<SeaResult | null>;
}

/**
 * SANDBOX: NOT REAL RESULTS. The demo's feed: for every draw a result of the right shape whose digits are the
 * SHA-256 of the company, the date, the tier and the number's place, so the same draw always gets the same
 * numbers, and they look like a result. Never configure it where real money is bet.
 */
export const sandboxVnResultsFeed: VnResultsFeed = {
  name: 'sandbox (not real results)',
  fetchResult(query) {
    const shapes = VN_PRIZE_SHAPES[query.region];
    const prizes: Partial<Record<VnPrizeTier, string[]>> = {};
    for (const tier of VN_PRIZE_TIERS) {
      const { count, digits } = shapes[tier];
      if (count === 0) continue;
      prizes[tier] = Array.from({ length: count }, (_, index) => {
        const hash = createHash('sha256')
          .update(`parlay-sandbox-vn:${query.province}:${query.date}:${tier}:${index}`)
          .digest();
        return Array.from(hash.subarray(0, digits), (byte) => String(byte % 10)).join('');
      });
    }
    return Promise.resolve({ ...query, prizes });
  },
  fetchSeaResult: (query) => Promise.resolve(sandboxSeaResult(query)),
};

/**
 * Asks the feed for the result of every Vietnamese draw past its time that has no entry yet and enters what it
 * answers as the operator `feed` (an operator then confirms it); and the same for the SEA draws when the feed reads
 * them (`fetchSeaResult`). A result the feed gets wrong is left for the operators (logged by the caller through the
 * answer). Answers what was entered and what was refused.
 */
export async function enterVnResultsFromFeed(
  db: HouseExecutor,
  feed: VnResultsFeed,
  now: number,
): Promise<{ entered: VnDrawRef[]; refused: (VnDrawRef & { code: string })[] }> {
  const vn = await enterFromFeed(db, VN_KIND, now, (draw) => {
    const { vn: game } = findVnGame(draw.gameCode)!;
    return feed.fetchResult({ region: game.region, province: game.province, date: vnDrawDate(draw.drawNo) });
  });
  if (!feed.fetchSeaResult) return vn;
  const sea = await enterSeaResultsFromFeed(db, feed.fetchSeaResult.bind(feed), now);
  return { entered: [...vn.entered, ...sea.entered], refused: [...vn.refused, ...sea.refused] };
}
