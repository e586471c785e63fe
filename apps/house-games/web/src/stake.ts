/** The bet amount's quick controls: half, double, min and max, always within the game's limits. */
export interface StakeLimits {
  minBetMinor: number;
  maxBetMinor: number;
  /** The amount must be a multiple of this (the slot's 20 paylines), 1 elsewhere. */
  step: number;
}

export type StakeAction = 'half' | 'double' | 'min' | 'max';

/**
 * An amount moved into the limits, on the step: down to the step below (so half of an odd slot stake stays
 * payable), and never under the smallest stake the limits allow on the step.
 */
export function clampStake(amountMinor: number, limits: StakeLimits): number {
  const step = Math.max(1, limits.step);
  const lowest = Math.ceil(limits.minBetMinor / step) * step;
  const highest = Math.floor(limits.maxBetMinor / step) * step;
  if (!Number.isFinite(amountMinor)) return lowest;
  const onStep = Math.floor(amountMinor / step) * step;
  return Math.min(highest, Math.max(lowest, onStep));
}

/** The amount after a quick control; an amount not yet a number starts from the minimum. */
export function applyStakeAction(action: StakeAction, amountMinor: number, limits: StakeLimits): number {
  const current = Number.isFinite(amountMinor) && amountMinor > 0 ? amountMinor : limits.minBetMinor;
  switch (action) {
    case 'half':
      return clampStake(current / 2, limits);
    case 'double':
      return clampStake(current * 2, limits);
    case 'min':
      return clampStake(limits.minBetMinor, limits);
    case 'max':
      return clampStake(limits.maxBetMinor, limits);
  }
}
