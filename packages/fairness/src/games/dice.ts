import { FloatStream, type RoundSeeds } from '../random';

/** 10001 outcomes: 0.00 to 100.00 in hundredths. */
export const DICE_OUTCOMES = 10_001;

/** The roll in hundredths (0 to 10000): floor(float × 10001); the shown roll is this / 100. */
export function rollDiceHundredths(seeds: RoundSeeds): number {
  return diceHundredthsFromFloat(new FloatStream(seeds).next());
}

export function diceHundredthsFromFloat(float: number): number {
  return Math.floor(float * DICE_OUTCOMES);
}

export function rollDice(seeds: RoundSeeds): number {
  return rollDiceHundredths(seeds) / 100;
}
