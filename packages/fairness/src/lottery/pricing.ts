import { LOTTERY_PRIZE_MODES, type LotteryOdds, type LotteryPrizeMode } from './types';

// How the fast lotteries and the e-lottery price their default odds (docs/product/lottery.md#prize-modes-and-odds):
// each prize mode returns a stated share of the stakes to players, and every option's odds are the largest whole
// hundredths whose return, at the option's exact chance, is not above it. A brand's operator may change the odds; these
// are what a brand starts with.

/** The return to player each prize mode aims at, in basis points (9750 = 97.50%). */
export const LOTTERY_TARGET_RTP_BASIS_POINTS: Readonly<Record<LotteryPrizeMode, number>> = {
  Lott: 9_750,
  ZY: 9_700,
  Elott: 9_650,
  SEA: 9_800,
};

/**
 * The largest odds in hundredths at which an option winning `ways` times in `outOf` returns at most `rtpBasisPoints`:
 * odds / 100 × ways / outOf ≤ rtp / 10,000. In BigInt, as the e-lottery's chances have 19-digit denominators.
 */
export function oddsForChance(rtpBasisPoints: number, ways: bigint, outOf: bigint): number {
  if (ways <= 0n || ways > outOf) throw new RangeError('an option must win some of the time');
  return Number((BigInt(rtpBasisPoints) * outOf) / (ways * 100n));
}

/** An option's exact chance: it wins `ways` times in `outOf`, under its odds key. */
export type OptionChance = readonly [key: string, ways: bigint, outOf: bigint];

/** Each prize mode's default odds table: every option priced by oddsForChance at the mode's target return. */
export function defaultOddsTables(chances: readonly OptionChance[]): Readonly<Record<LotteryPrizeMode, LotteryOdds>> {
  return Object.fromEntries(
    LOTTERY_PRIZE_MODES.map((mode) => [
      mode,
      Object.freeze(
        Object.fromEntries(
          chances.map(([key, ways, outOf]) => [key, oddsForChance(LOTTERY_TARGET_RTP_BASIS_POINTS[mode], ways, outOf)]),
        ),
      ),
    ]),
  ) as Record<LotteryPrizeMode, LotteryOdds>;
}

/** A bet type's odds at `key`, or null when the table lacks them or they are not a positive whole number. */
export function oddsAt(odds: LotteryOdds, key: string): number | null {
  const value = odds[key];
  return value !== undefined && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** What a stake wins at odds in hundredths, floored to a minor unit. */
export function payoutAt(stakeMinor: number, oddsHundredths: number): number {
  return Math.floor((stakeMinor * oddsHundredths) / 100);
}

/** True when a stake is a positive whole number of minor units whose payout at these odds stays exact. */
export function isStakeValid(stakeMinor: number, oddsHundredths = 100): boolean {
  return Number.isSafeInteger(stakeMinor) && stakeMinor > 0 && Number.isSafeInteger(stakeMinor * oddsHundredths);
}
